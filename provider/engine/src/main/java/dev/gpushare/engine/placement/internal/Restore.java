package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link Memo} of a state stored as the converged result of {@code spec} (a fresh process
 * planning from a stored baseline), rebuilt from the state itself: per pool, on first use, which
 * copy is where from one pass over its allocations ({@link PoolMemo#restored}), and the nodes only
 * when a change-set run seeds from them — by the full path's own {@link Keeper} and run, which on a
 * converged state keep every copy where it is (the fixed point). A pool the state is not a
 * converged one of (a copy missing, twice, unknown; an unhealthy instance; nodes placement would
 * not keep) has no entry, so it takes the full path. Where the nodes were stored with the state
 * ({@link StoredNodes}: written from the memo of the run that made it, kept at exactly its
 * revision), they are read back instead of worked out: the same nodes (a property test compares
 * them), without the {@link Keeper} over every copy of the pool; and which copy is where is read
 * from the record's index instead of from every allocation, when the index names exactly the
 * spec's groups and copies.
 */
public final class Restore {
    private Restore() {}

    public static Memo memo(Spec spec, Catalog catalog, FleetState state) {
        return memo(spec, catalog, state, null);
    }

    /**
     * As {@link #memo(Spec, Catalog, FleetState)}, the nodes taken from {@code stored} (the record kept
     * with exactly this state, or null) where it has the pool's and they fit its instances, instead of
     * being worked out again from every copy.
     */
    public static Memo memo(Spec spec, Catalog catalog, FleetState state, StoredNodes stored) {
        Map<Owner, List<Instance>> byOwner = Owners.instances(state);
        Memo.Builder out = new Memo.Builder();
        for (Owners kind : Owners.of(spec, catalog)) {
            for (Owners.Owned owner : kind.owned()) {
                if (!(owner.resolution() instanceof Pools.Resolution.Ok ok)) continue;
                Map<String, Integer> counts = new HashMap<>();
                for (Owners.Group g : owner.byName()) counts.put(g.name(), g.count());
                put(out, ok.pool(), counts, byOwner.getOrDefault(ok.pool().owner(), List.of()), () -> owner.copies(ok.pool()), stored);
            }
        }
        return out.build();
    }

    private static void put(Memo.Builder out, Pool pool, Map<String, Integer> counts, List<Instance> here,
                            Supplier<List<CopyRequest>> copies, StoredNodes stored) {
        List<Instance> sorted = new ArrayList<>(here);
        sorted.sort(Comparator.comparing(Instance::id));
        out.put(pool.owner(), () -> PoolMemo.restored(sorted, counts, () -> {
            List<Node> kept = stored == null ? null : stored.nodes(pool, sorted);
            return kept != null ? kept : nodes(pool, sorted, copies.get());
        }, stored == null ? null : stored.index(pool.owner(), sorted.size())));
    }

    /** The nodes the full path would seed the pool with, every copy kept; null when it would not keep them all. */
    static List<Node> nodes(Pool pool, List<Instance> here, List<CopyRequest> copies) {
        Seed seed = Keeper.keep(pool, here, copies, Set.of());
        if (seed.kept().cardinality() != copies.size() || seed.nodes().size() != here.size()) return null;
        PoolRun run = Engine.run(pool, copies, seed);
        if (!run.failed().isEmpty()) return null;
        List<Node> nodes = new ArrayList<>(run.keptNodes());
        nodes.sort(Comparator.comparingInt(n -> n.number));
        return nodes;
    }
}
