package dev.gpushare.model.dsl;

import java.util.Objects;

/**
 * What every handle has: the cluster it was declared in (so that a handle of another cluster is
 * refused) and its name. Internal to the DSL; only {@link ClusterBuilder} makes handles.
 */
abstract sealed class Ref permits CapacityProviderRef, TaskDefinitionRef, EndpointRef, InstanceTypeRef {
    private final ClusterBuilder owner;
    private final String name;

    Ref(ClusterBuilder owner, String name) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The name it was declared with. */
    public final String name() {
        return name;
    }

    final ClusterBuilder owner() {
        return owner;
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + name + "]";
    }
}
