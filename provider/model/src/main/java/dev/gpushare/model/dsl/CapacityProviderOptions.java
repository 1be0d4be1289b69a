package dev.gpushare.model.dsl;

import java.util.Objects;

/**
 * The optional settings of a capacity provider, given to
 * {@link ClusterBuilder#capacityProvider(String, String, int, java.util.function.UnaryOperator)}
 * as {@code cp -> cp.minInstances(1).sharing(Sharing.exclusive())}. Immutable: each setter returns
 * a new value. Defaults as the spec's: no instances kept running, the default sharing.
 */
public final class CapacityProviderOptions {
    static final CapacityProviderOptions DEFAULTS = new CapacityProviderOptions(0, null);

    private final int minInstances;
    private final Sharing sharing;

    private CapacityProviderOptions(int minInstances, Sharing sharing) {
        this.minInstances = minInstances;
        this.sharing = sharing;
    }

    /** Instances always running (default 0; at most the provider's maxInstances). */
    public CapacityProviderOptions minInstances(int instances) {
        return new CapacityProviderOptions(instances, sharing);
    }

    /**
     * How the GPUs are shared. Leave it out for the default: MPS on whole-GPU types, the hardware
     * slice on fractional types (where any strategy given is an error).
     */
    public CapacityProviderOptions sharing(Sharing strategy) {
        return new CapacityProviderOptions(minInstances, Objects.requireNonNull(strategy, "strategy"));
    }

    int minInstances() {
        return minInstances;
    }

    /** {@code null} when left to the default. */
    Sharing sharing() {
        return sharing;
    }
}
