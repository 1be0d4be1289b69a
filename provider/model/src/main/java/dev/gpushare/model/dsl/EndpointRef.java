package dev.gpushare.model.dsl;

/**
 * A handle on an endpoint declared with {@link ClusterBuilder#endpoint}. Only that method makes
 * one, so whatever takes an {@code EndpointRef} refers to something that exists: a misspelt name
 * cannot compile. A handle belongs to the cluster it was declared in.
 */
public final class EndpointRef extends Ref {
    EndpointRef(ClusterBuilder owner, String name) {
        super(owner, name);
    }
}
