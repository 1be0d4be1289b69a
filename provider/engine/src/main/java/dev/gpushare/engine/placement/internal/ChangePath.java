package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.placement.ChangeSet;
import dev.gpushare.engine.state.Instance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pool placed from a {@link ChangeSet} and the {@link PoolMemo} recorded with the state it was
 * converged to: the same result as the full path ({@link Keeper} over every instance, then the
 * run), without reading the allocations of the instances no changed group is on.
 *
 * <p>Why it is the same: in a converged state every copy of the recorded spec is placed, each on
 * one instance, and placing that spec again keeps all of them (the fixed point a property test
 * checks). A copy of an unchanged group is the same request as then, so on an instance that holds
 * only such copies the full path keeps every one, and its bookkeeping is the recorded node's (the
 * fields are sums and counts, independent of order). Only the instances holding a changed group's
 * copies (the <em>dirty</em> ones) are read, with every copy they hold; the copies the full path
 * would place are the same, so is the seed, so is the run. Whenever that reasoning does not hold —
 * the pool itself changed, an instance is unhealthy or is not the one recorded, the pool uses
 * SPREAD (whose run counts every kept copy per service), a copy would be left unplaced (its
 * explanation places every copy) — the caller takes the full path for the pool.
 */
final class ChangePath {
    private ChangePath() {}

    /**
     * Places the pool into {@code instances} and records its memo; false (nothing added) when the
     * full path must run.
     *
     * @param groups  the pool's groups (any order)
     * @param current the pool's current instances
     * @param memo    the pool as recorded with the state, or null
     */
    static boolean place(Pool pool, List<Owners.Group> groups, List<Instance> current, ChangeSet changes, PoolMemo memo,
                         List<Instance> instances, Memo.Builder after) {
        if (memo == null || changes.changed(pool.owner()) || current.size() != memo.size()) return false;
        List<Instance> sorted = current;
        for (int k = 1; k < current.size() && sorted == current; k++) {
            if (current.get(k - 1).id().compareTo(current.get(k).id()) >= 0) {
                sorted = new ArrayList<>(current);
                sorted.sort((a, b) -> a.id().compareTo(b.id()));
            }
        }
        for (int k = 0; k < sorted.size(); k++) {
            Instance i = sorted.get(k);
            if (!i.healthy() || !i.id().equals(memo.ids[k])) return false;
        }
        Set<Integer> dirty = new HashSet<>();
        Map<String, Owners.Group> touched = new HashMap<>(); // the groups whose copies the run handles, by name
        long unchanged = 0; // copies of the unchanged groups, which the memo must hold as many of
        for (Owners.Group g : groups) {
            if (g.spread()) return false;
            if (changes.changed(g.name())) touched.put(g.name(), g);
            else unchanged += g.count();
        }
        long recorded = memo.copies;
        for (Owners.Group g : touched.values()) {
            int[] was = memo.where.get(g.name());
            if (was == null) continue;
            recorded -= was.length;
            for (int x : was) dirty.add(x);
        }
        Set<String> dropped = new HashSet<>();
        for (String name : changes.groups()) {
            int[] was = memo.where.get(name);
            if (was == null || touched.containsKey(name)) continue;
            dropped.add(name); // it was in this pool and is no more
            recorded -= was.length;
            for (int x : was) dirty.add(x);
        }
        if (recorded != unchanged) return false; // the memo does not describe the unchanged groups (a wrong change set)
        if (touched.isEmpty() && dropped.isEmpty()) {
            // nothing of this pool changed: the full path keeps every copy where it is
            instances.addAll(sorted);
            if (after != null) after.put(pool.owner(), () -> memo);
            return true;
        }

        // the unchanged groups with a copy on a dirty instance (unchanged, so still in this pool): those copies are read again too
        Set<String> partly = new HashSet<>();
        for (int number : dirty) {
            int p = memo.position(number);
            if (p < 0) return false;
            for (String g : memo.groupsOn.get(p)) if (!changes.changed(g)) partly.add(g);
        }
        if (!partly.isEmpty()) for (Owners.Group g : groups) if (partly.contains(g.name())) touched.put(g.name(), g);
        List<Owners.Group> handled = new ArrayList<>(touched.values());
        handled.sort((x, y) -> x.name().compareTo(y.name())); // the full path's order: by name, then number
        List<CopyRequest> copies = new ArrayList<>();
        Map<String, int[]> fresh = new HashMap<>(); // per group handled: where its copies are, -1 for those the run places
        for (Owners.Group g : handled) {
            if (changes.changed(g.name())) {
                copies.addAll(g.copies().apply(pool));
                int[] w = new int[g.count()];
                Arrays.fill(w, -1);
                fresh.put(g.name(), w);
            } else {
                int[] w = memo.where.get(g.name()).clone();
                List<CopyRequest> all = g.copies().apply(pool);
                for (int n = 0; n < w.length; n++) {
                    if (!dirty.contains(w[n])) continue;
                    copies.add(all.get(n));
                    w[n] = -1;
                }
                fresh.put(g.name(), w);
            }
        }

        List<Instance> read = new ArrayList<>(dirty.size());
        for (Instance i : sorted) if (dirty.contains(i.id().ordinal())) read.add(i);
        Seed kept = Keeper.keep(pool, read, copies, Set.of());
        if (kept.nodes().size() != read.size()) return false;
        List<Node> seeds = memo.nodes();
        if (seeds == null) return false; // a restored memo whose instances placement would not keep as they are
        List<Seed.SeedNode> nodes = new ArrayList<>(sorted.size());
        Set<Integer> used = HashSet.newHashSet(sorted.size());
        int r = 0;
        for (int k = 0; k < sorted.size(); k++) {
            Instance i = sorted.get(k);
            int number = i.id().ordinal();
            used.add(number);
            if (dirty.contains(number)) {
                nodes.add(kept.nodes().get(r++));
            } else {
                nodes.add(new Seed.SeedNode(number, false, null, List.of(), seeds.get(k), i, true));
            }
        }
        PoolRun run = Engine.run(pool, copies, new Seed(nodes, kept.kept(), used));
        if (!run.failed().isEmpty()) return false;
        instances.addAll(run.instances());
        if (after != null) after.put(pool.owner(), () -> PoolMemo.advance(memo, run.keptNodes(), fresh, dropped));
        return true;
    }
}
