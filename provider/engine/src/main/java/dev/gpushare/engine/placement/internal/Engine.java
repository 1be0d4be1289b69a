package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.gpushare.engine.placement.ChangeSet;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Spec;

/** The placement pipeline behind {@link dev.gpushare.engine.placement.Placer}: pool by pool. */
public final class Engine {
    private Engine() {}

    public static FleetState place(ResolvedSpec resolved, FleetState current, Set<InstanceId> replace) {
        return place(resolved, current, replace, null, Memo.NONE, null);
    }

    /**
     * As {@link #place(ResolvedSpec, FleetState, Set)}, recording the bookkeeping of the result in
     * {@code after} ({@link Memo}); with {@code changes} (null: the full path), a pool that did not
     * change and whose instances are those {@code before} recorded is kept as it is, and a changed
     * one seeds the instances no changed group is on from {@code before} (ChangePath). The caller
     * vouches that {@code current} is the state {@code before} was recorded with.
     */
    public static FleetState place(ResolvedSpec resolved, FleetState current, Set<InstanceId> replace, ChangeSet changes,
                                   Memo before, Memo.Builder after) {
        Spec spec = resolved.spec();
        Map<Owner, List<Instance>> byOwner = Owners.instances(current);
        List<Instance> instances = new ArrayList<>();
        List<Unplaced> unplaced = new ArrayList<>();
        for (Owners kind : Owners.of(spec, resolved.catalog())) {
            for (Owners.Unknown u : kind.unknown()) {
                fail(unplaced, u.name(), u.count(), PlacementCode.UNKNOWN_REFERENCE, u.message() + "; run gpushare validate");
            }
            for (Owners.Owned owner : kind.owned()) {
                switch (owner.resolution()) {
                    case Pools.Resolution.Ok ok -> {
                        Pool pool = ok.pool();
                        List<Instance> here = byOwner.getOrDefault(pool.owner(), List.of());
                        if (changes != null && ChangePath.place(pool, owner.groups(), here, changes, before.pool(pool.owner()), instances, after)) {
                            continue;
                        }
                        placePool(pool, owner.copies(pool), here, replace, instances, unplaced, after);
                    }
                    case Pools.Resolution.Failed f -> {
                        for (Owners.Group g : owner.groups()) fail(unplaced, g.name(), g.count(), f.code(), f.message());
                    }
                }
            }
        }
        instances.sort(Comparator.comparing(Instance::id));
        unplaced.sort(Comparator.comparing(Unplaced::task));
        return new FleetState(spec.cluster(), instances, unplaced);
    }

    private static void placePool(Pool pool, List<CopyRequest> copies, List<Instance> current, Set<InstanceId> replace,
                                  List<Instance> instances, List<Unplaced> unplaced, Memo.Builder after) {
        Seed seed = Keeper.keep(pool, current, copies, replace);
        PoolRun run = run(pool, copies, seed);
        instances.addAll(run.instances());
        if (after != null && run.failed().isEmpty()) after.put(pool.owner(), () -> PoolMemo.full(run.keptNodes(), copies));
        if (!run.failed().isEmpty()) {
            // The reasons come from what the run recorded (Refusals). One figure it cannot know:
            // "raise the limit to N", N the instances the pool needs for all its copies with no limit,
            // from scratch (independent of where the current copies happen to be, so the suggestion
            // does not change from one run to the next). The run stopped at the limit and started from
            // the kept state, so N is a second, what-if placement, run only when a limit message needs it.
            int unlimited = Math.max(pool.minInstances(), 1) + copies.size();
            List<CopyRequest> all = new ArrayList<>(copies);
            all.sort(Copies.largestFirst(pool));
            unplaced.addAll(new Explainer(run, () -> {
                PoolRun probe = new PoolRun(pool.withMaxInstances(unlimited), Seed.EMPTY, 0);
                probe.placeAll(all);
                return probe.instanceCount();
            }).explain());
        }
    }

    /** Places the copies {@code seed} does not keep (bit i: {@code copies.get(i)}): the pool's run. */
    static PoolRun run(Pool pool, List<CopyRequest> copies, Seed seed) {
        List<CopyRequest> fresh = new ArrayList<>(copies.size() - seed.kept().cardinality());
        boolean spread = false;
        for (int i = 0; i < copies.size(); i++) {
            if (seed.kept().get(i)) continue;
            CopyRequest c = copies.get(i);
            fresh.add(c);
            spread |= c.strategy() == PlacementStrategy.SPREAD;
        }
        List<CopyRequest> arrival = List.copyOf(fresh);
        fresh.sort(Copies.largestFirst(pool));
        PoolRun run = new PoolRun(pool, seed, 0);
        run.placeAll(fresh);
        if (hostBound(fresh)) {
            // With host CPU/memory in play packing is two-level and vector-shaped; sorting by one size
            // can strand CPU behind full GPUs. Arrival order mixes sizes; keep whichever needs fewer instances.
            PoolRun mixed = new PoolRun(pool, seed, 0);
            mixed.placeAll(arrival);
            if (better(mixed, run)) {
                run = mixed;
                fresh = new ArrayList<>(arrival);
            }
        }
        // first fit that opened nothing beyond the instances the seed keeps busy is already the fewest: no search
        if (!spread && run.failed().isEmpty() && !fresh.isEmpty() && fresh.size() <= ExactPacker.MAX_COPIES
                && run.instanceCount() > run.leastInstanceCount()) {
            PoolRun exact = ExactPacker.improve(pool, seed, fresh, run.instanceCount());
            if (exact != null) run = exact;
        }
        if (spread) {
            // SPREAD may use as many instances as BINPACK needs for the whole pool, never more.
            int cap = run.keptNodes().size();
            PoolRun spreadRun = new PoolRun(pool, seed, cap);
            spreadRun.placeAll(fresh);
            if (spreadRun.keptNodes().size() <= cap && spreadRun.failed().size() <= run.failed().size()) run = spreadRun;
        }
        return run;
    }

    /** Some copy asks for host CPU or memory. */
    private static boolean hostBound(List<CopyRequest> copies) {
        for (CopyRequest c : copies) if (c.cpuUnits() > 0 || c.memoryMiB() > 0) return true;
        return false;
    }

    /** Fewer copies left out, then fewer instances. */
    private static boolean better(PoolRun a, PoolRun b) {
        if (a.failed().size() != b.failed().size()) return a.failed().size() < b.failed().size();
        return a.instanceCount() < b.instanceCount();
    }

    private static void fail(List<Unplaced> unplaced, String group, int count, PlacementCode code, String message) {
        for (int n = 0; n < count; n++) unplaced.add(new Unplaced(new TaskId(group, n), code, message));
    }
}
