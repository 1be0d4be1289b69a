package dev.gpushare.model.dsl;

/**
 * A handle on an instance type declared with {@link ClusterBuilder#instanceType}. Only that
 * method makes one, so whatever takes an {@code InstanceTypeRef} refers to something that exists:
 * a misspelt name cannot compile. A handle belongs to the cluster it was declared in.
 */
public final class InstanceTypeRef extends Ref {
    InstanceTypeRef(ClusterBuilder owner, String name) {
        super(owner, name);
    }
}
