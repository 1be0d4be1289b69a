package dev.gpushare.engine.cost;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.internal.UsageCalculator;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * What a fleet costs per hour and how well it uses its GPUs, in total and per capacity provider
 * and endpoint (CONTRACT.md §2 {@code summary}; docs/cost.md says what each figure means).
 *
 * @param costPerHour       USD per hour of the priced instances, after the spec's discount
 * @param unpricedInstances instances whose type has no price
 * @param instances         instances of the fleet
 * @param gpus              their GPUs
 * @param idleGpus          GPUs without any copy
 * @param memory            GPU memory usable, allocated, idle and stranded, MiB
 * @param pools             per capacity provider and endpoint, in the order of their first instance
 * @param pricing           where the prices come from ({@link PriceList#describe()})
 * @param region            the prices' region
 * @param discountPercent   the spec's discount, or {@code null}
 * @param estimated         true when some figure is an estimate, not a published price
 */
public record FleetUsage(
        BigDecimal costPerHour, int unpricedInstances, int instances, int gpus, int idleGpus, GpuMemory memory,
        List<PoolUsage> pools, String pricing, String region, BigDecimal discountPercent, boolean estimated) {
    public FleetUsage {
        Objects.requireNonNull(costPerHour, "costPerHour");
        Objects.requireNonNull(memory, "memory");
        pools = List.copyOf(pools);
    }

    /**
     * The figures of a fleet.
     *
     * @param state  a desired or actual state
     * @param prices what each instance type costs
     * @param sizes  each pool's smallest copy, for the stranded figure
     */
    public static FleetUsage of(FleetState state, PriceList prices, CopySizes sizes) {
        return UsageCalculator.usage(state, prices, sizes);
    }

    /**
     * The figures of {@code before} and of {@code after}, a state made from it (a plan's desired
     * state from the actual one), each as {@link #of(FleetState, PriceList, CopySizes)} gives it:
     * the instances {@code after} shares with {@code before} (the same objects: those a plan leaves
     * as they are) are read once.
     */
    public static Change of(FleetState before, FleetState after, PriceList prices, CopySizes sizes) {
        if (after.equals(before)) {
            FleetUsage same = of(before, prices, sizes);
            return new Change(same, same);
        }
        UsageCalculator.Figures figures = new UsageCalculator.Figures(before.instances().size());
        return new Change(UsageCalculator.usage(before, prices, sizes, figures),
                UsageCalculator.usage(after, prices, sizes, figures));
    }

    /** A fleet's figures before and after a change ({@link #of(FleetState, FleetState, PriceList, CopySizes)}). */
    public record Change(FleetUsage before, FleetUsage after) {
        public Change {
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
        }
    }

    /**
     * The figures of a spec's fleet: its prices and its copies' sizes.
     *
     * @param catalog the catalog with the spec's declared types
     */
    public static FleetUsage of(FleetState state, Spec spec, Catalog catalog) {
        return of(state, PriceList.of(catalog, spec), CopySizes.of(spec, catalog));
    }

    /** The figures of a resolved spec's fleet (its catalog has the declared types). */
    public static FleetUsage of(FleetState state, dev.gpushare.engine.resolve.ResolvedSpec spec) {
        return of(state, spec.spec(), spec.catalog());
    }

    /** The figures of a state without its spec (e.g. {@code status}): catalog prices, copy sizes read off the state. */
    public static FleetUsage of(FleetState state, Catalog catalog) {
        return of(state, PriceList.of(catalog), CopySizes.of(state));
    }
}
