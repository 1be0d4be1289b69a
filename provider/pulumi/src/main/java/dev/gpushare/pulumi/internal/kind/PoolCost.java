package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.PoolUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A pool's {@code costPerHour} output: the figure {@code gpushare place} and {@code status} print
 * for it (engine.cost's {@link FleetUsage}, so the two cannot differ), USD per hour of its
 * instances, unhealthy ones included (they are paid for). A Pulumi program declares no
 * {@code pricing} section, so these are the catalog's On-Demand prices (us-east-1).
 */
final class PoolCost {
    static final String COST_PER_HOUR = "costPerHour";
    /** The output's description, for a pool of the given kind ("endpoint", "pool"). */
    static String description(String owner) {
        return "What the " + owner + "'s instances cost per hour, in USD, at the catalog's On-Demand prices (us-east-1),"
                + " unhealthy ones included (0 without instances): the figure gpushare place and status print for it (docs/cost.md).";
    }

    private PoolCost() {}

    /**
     * The pool's $/hour; zero when it has no instances, empty when one of them has no price.
     *
     * @param spec the cluster's bound spec (its declared types and pricing), or null
     */
    static Optional<BigDecimal> perHour(FleetState state, Spec spec, Predicate<PoolUsage> pool) {
        FleetUsage usage = spec == null ? FleetUsage.of(state, Catalog.builtIn()) : FleetUsage.of(state, ResolvedSpec.of(spec));
        for (PoolUsage p : usage.pools()) {
            if (pool.test(p)) return p.unpricedInstances() > 0 ? Optional.empty() : Optional.of(p.costPerHour());
        }
        return Optional.of(BigDecimal.ZERO);
    }
}
