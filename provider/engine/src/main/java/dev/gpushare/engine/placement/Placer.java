package dev.gpushare.engine.placement;

import dev.gpushare.engine.state.InstanceId;
import java.util.Objects;
import java.util.Set;

import dev.gpushare.engine.placement.internal.Engine;
import dev.gpushare.engine.placement.internal.Memo;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;

/**
 * The placement solver: turns a valid spec into the desired state of CONTRACT.md §2.
 *
 * <p>Deterministic (same input, byte-identical {@code StateJson} output) and stable: copies of the
 * current state that still fit where they are stay there; only new or changed copies are placed.
 * Pool by pool (a capacity provider or an endpoint): existing copies are kept, the pool's
 * {@code minInstances} opened, then new copies are offered largest first to their strategy
 * (BINPACK: first fit, which is first-fit decreasing; SPREAD: fewest copies of the service first,
 * capped at the instances BINPACK needs). Copies that fit nowhere are reported as
 * {@link dev.gpushare.engine.state.Unplaced} with a {@link dev.gpushare.engine.state.PlacementCode} and the change that would
 * make them fit. See docs/placement.md.
 */
public final class Placer {
    private Placer() {}

    /** Places from {@code current} (use {@link FleetState#empty} for a fresh fleet); evacuates every unhealthy instance. */
    public static FleetState place(ResolvedSpec spec, FleetState current) {
        return Engine.place(spec, Objects.requireNonNull(current, "current"), null);
    }

    /**
     * As {@link #place(ResolvedSpec, FleetState)}, but only the unhealthy instances named in
     * {@code instancesToReplace} are evacuated (their copies move, the instance is left out of the
     * desired state); other unhealthy instances keep their copies and take no new ones.
     */
    public static FleetState place(ResolvedSpec spec, FleetState current, Set<InstanceId> instancesToReplace) {
        return Engine.place(spec, Objects.requireNonNull(current, "current"),
                Set.copyOf(Objects.requireNonNull(instancesToReplace, "instancesToReplace")));
    }

    /**
     * A desired state with the placement bookkeeping of it ({@code memo}, opaque), which a later
     * change-set placement from the converged state starts from.
     */
    public record Placed(FleetState desired, Bookkeeping memo) {}

    /**
     * As {@link #place(ResolvedSpec, FleetState, Set)}, with the bookkeeping of the result. With a
     * change set ({@code changes} not null), {@code current} must be the state that {@code before}
     * was recorded with — the converged result of the spec that {@code changes} starts from (the
     * planner checks the backend revision): a pool that did not change is kept as it is and, in a
     * changed pool, the instances no changed service or component is on are seeded from {@code
     * before} instead of their allocations. The result is the one of the full path (byte for byte).
     */
    public static Placed placeRecorded(ResolvedSpec spec, FleetState current, Set<InstanceId> instancesToReplace,
                                       ChangeSet changes, Bookkeeping before) {
        Memo.Builder after = new Memo.Builder();
        FleetState desired = Engine.place(spec, Objects.requireNonNull(current, "current"),
                Set.copyOf(Objects.requireNonNull(instancesToReplace, "instancesToReplace")), changes,
                before == null ? Memo.NONE : before.memo(), after);
        return new Placed(desired, Bookkeeping.of(after.build()));
    }
}
