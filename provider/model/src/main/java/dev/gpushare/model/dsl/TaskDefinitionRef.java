package dev.gpushare.model.dsl;

/**
 * A handle on a task definition declared with {@link ClusterBuilder#taskDefinition}; its
 * {@link #name()} is the family. Only that method makes one, so whatever takes a
 * {@code TaskDefinitionRef} refers to something that exists: a misspelt name cannot compile. A
 * handle belongs to the cluster it was declared in.
 */
public final class TaskDefinitionRef extends Ref {
    TaskDefinitionRef(ClusterBuilder owner, String name) {
        super(owner, name);
    }
}
