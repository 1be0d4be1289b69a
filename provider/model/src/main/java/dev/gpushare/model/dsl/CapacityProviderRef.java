package dev.gpushare.model.dsl;

/**
 * A handle on a capacity provider declared with {@link ClusterBuilder#capacityProvider}. Only
 * that method makes one, so whatever takes a {@code CapacityProviderRef} refers to something that
 * exists: a misspelt name cannot compile. A handle belongs to the cluster it was declared in.
 */
public final class CapacityProviderRef extends Ref {
    CapacityProviderRef(ClusterBuilder owner, String name) {
        super(owner, name);
    }
}
