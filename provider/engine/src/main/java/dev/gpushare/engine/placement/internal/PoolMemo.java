package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One pool of a {@link Memo}: the bookkeeping of each of its instances with every copy on it
 * applied ({@code nodes}, by instance number; never mutated: a run copies them), where each copy
 * is ({@code where}: per group, per copy number, the instance number) and which groups each
 * instance holds ({@code groupsOn}, parallel to {@code nodes}).
 */
final class PoolMemo {
    /** The instances, by instance number (parallel to {@link #numbers}). */
    final InstanceId[] ids;
    final int[] numbers;
    final Map<String, int[]> where;
    final List<String[]> groupsOn;
    /** Copies recorded in {@code where}, all groups together. */
    final long copies;
    /** The nodes once worked out (null until then, or when they do not add up). */
    private List<Node> nodes;
    /** How {@link #nodes} is worked out when the memo was restored from a stored state; null once done. */
    private Supplier<List<Node>> source;

    private PoolMemo(List<Node> nodes, Map<String, int[]> where, List<String[]> groupsOn, long copies) {
        this.nodes = nodes;
        this.copies = copies;
        this.ids = new InstanceId[nodes.size()];
        this.numbers = new int[nodes.size()];
        for (int k = 0; k < nodes.size(); k++) {
            numbers[k] = nodes.get(k).number;
            ids[k] = nodes.get(k).id;
        }
        this.where = where;
        this.groupsOn = groupsOn;
    }

    private PoolMemo(InstanceId[] ids, int[] numbers, Map<String, int[]> where, List<String[]> groupsOn, long copies,
                     Supplier<List<Node>> source) {
        this.ids = ids;
        this.numbers = numbers;
        this.where = where;
        this.groupsOn = groupsOn;
        this.copies = copies;
        this.source = source;
    }

    /** Instances recorded. */
    int size() {
        return ids.length;
    }

    /**
     * The bookkeeping of each instance with every copy on it applied, by instance number; null
     * when a restored memo's instances turn out not to be what placement would keep (the caller
     * then takes the full path).
     */
    synchronized List<Node> nodes() {
        if (source != null) {
            List<Node> built = source.get();
            source = null;
            if (built != null && built.size() == ids.length) {
                for (int k = 0; k < ids.length && built != null; k++) if (!built.get(k).id.equals(ids[k])) built = null;
            } else {
                built = null;
            }
            nodes = built;
        }
        return nodes;
    }

    /**
     * The memo of a pool restored from a stored converged state ({@code instances}: the pool's, in
     * id order): which copy is where and which groups each instance holds are read from the
     * allocations in one pass; the nodes ({@code nodes}) are worked out only when a change-set run
     * seeds from them. Null when the state is not a converged one of the groups ({@code counts}: copies
     * per group): an unhealthy instance, a copy unknown, twice or missing.
     */
    static PoolMemo restored(List<Instance> instances, Map<String, Integer> counts, Supplier<List<Node>> nodes) {
        return restored(instances, counts, nodes, null);
    }

    /**
     * As {@link #restored(List, Map, Supplier)}, which copy is where and which groups each instance
     * holds taken from {@code index} (recorded with exactly this state: {@link StoredNodes}) when
     * it names exactly the groups of {@code counts} with their copies, instead of read from every
     * allocation; the instances are still checked (healthy, in id order).
     */
    static PoolMemo restored(List<Instance> instances, Map<String, Integer> counts, Supplier<List<Node>> nodes,
                             StoredNodes.Index index) {
        if (index != null && fits(index, counts, instances.size())) {
            InstanceId[] ids = new InstanceId[instances.size()];
            int[] numbers = new int[instances.size()];
            for (int k = 0; k < ids.length; k++) {
                Instance i = instances.get(k);
                if (!i.healthy()) return null;
                ids[k] = i.id();
                numbers[k] = i.id().ordinal();
                if (k > 0 && numbers[k] <= numbers[k - 1]) return null;
            }
            Map<String, int[]> where = HashMap.newHashMap(counts.size());
            long total = 0;
            for (Map.Entry<String, Integer> e : counts.entrySet()) { // as the pass gives it: a group of no copies too
                int[] w = e.getValue() == 0 ? new int[0] : index.where().get(e.getKey());
                where.put(e.getKey(), w);
                total += w.length;
            }
            return new PoolMemo(ids, numbers, where, index.groupsOn(), total, nodes);
        }
        Map<String, int[]> where = HashMap.newHashMap(counts.size());
        long total = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            int[] w = new int[e.getValue()];
            Arrays.fill(w, -1);
            where.put(e.getKey(), w);
            total += w.length;
        }
        Reading r = new Reading(where, instances.size());
        for (int k = 0; k < instances.size(); k++) {
            if (!r.read(instances.get(k), k)) return null;
        }
        return complete(where.values()) ? new PoolMemo(r.ids, r.numbers, where, r.groupsOn, total, nodes) : null;
    }

    /**
     * True when the index names exactly the groups of {@code counts} that have copies, each with
     * as many, every one placed, and has one entry per instance.
     */
    private static boolean fits(StoredNodes.Index index, Map<String, Integer> counts, int instances) {
        if (index.groupsOn().size() != instances) return false;
        int named = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() == 0) continue;
            int[] w = index.where().get(e.getKey());
            if (w == null || w.length != e.getValue()) return false;
            named++;
        }
        return named == index.where().size() && complete(index.where().values());
    }

    /**
     * {@link #restored}'s pass over the instances, one call per instance: a method called thousands
     * of times is compiled after its first few hundred, where one loop over every copy would run
     * interpreted until the compiler replaced it mid-loop (a command is over in well under a second).
     */
    private static final class Reading {
        final Map<String, int[]> where;
        final InstanceId[] ids;
        final int[] numbers;
        final List<String[]> groupsOn;
        /** An instance's allocations come by task: most follow one of the same group. */
        String lastGroup;
        int[] lastWhere;

        Reading(Map<String, int[]> where, int instances) {
            this.where = where;
            this.ids = new InstanceId[instances];
            this.numbers = new int[instances];
            this.groupsOn = new ArrayList<>(instances);
        }

        /** Reads the {@code k}-th instance; false when the state is not a converged one (see {@link #restored}). */
        boolean read(Instance i, int k) {
            if (!i.healthy()) return false;
            ids[k] = i.id();
            numbers[k] = i.id().ordinal();
            if (k > 0 && numbers[k] <= numbers[k - 1]) return false;
            List<String> on = new ArrayList<>(4); // the groups on it, each once, in the order first seen (an instance holds few)
            String lastOn = null; // the group last added to on (the same object: added already)
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    TaskId t = a.task();
                    int[] w;
                    if (t.group() == lastGroup) {
                        w = lastWhere;
                    } else {
                        w = where.get(t.group());
                        lastGroup = t.group();
                        lastWhere = w;
                    }
                    if (w == null || t.ordinal() < 0 || t.ordinal() >= w.length) return false;
                    if (w[t.ordinal()] >= 0 && w[t.ordinal()] != numbers[k]) return false; // one copy on two instances
                    w[t.ordinal()] = numbers[k];
                    if (t.group() != lastOn && !on.contains(lastOn = t.group())) on.add(lastOn);
                }
            }
            groupsOn.add(on.toArray(String[]::new));
            return true;
        }
    }

    /** Position of the instance number in {@link #nodes}, or a negative number. */
    int position(int number) {
        return Arrays.binarySearch(numbers, number);
    }

    /**
     * The memo of a pool placed by the full path: {@code placed} are the run's instances (every copy
     * of {@code copies} on one of them), read once. Null when something does not add up (a copy twice,
     * one missing, an unhealthy instance): the pool is then not recorded.
     */
    static PoolMemo full(Collection<Node> placed, List<CopyRequest> copies) {
        Map<String, int[]> where = new HashMap<>();
        for (CopyRequest c : copies) {
            int[] w = where.get(c.group());
            if (w == null || w.length <= c.ordinal()) {
                int[] grown = new int[c.ordinal() + 1];
                Arrays.fill(grown, -1);
                if (w != null) System.arraycopy(w, 0, grown, 0, w.length);
                where.put(c.group(), grown);
            }
        }
        List<Node> nodes = sorted(placed);
        List<String[]> groupsOn = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n.closed) return null;
            String[] on = scan(n, where);
            if (on == null) return null;
            groupsOn.add(on);
        }
        long total = 0;
        for (int[] w : where.values()) total += w.length;
        return complete(where.values()) ? new PoolMemo(nodes, where, groupsOn, total) : null;
    }

    /**
     * The memo after a change-set run from {@code before}: {@code placed} are the run's instances.
     * {@code fresh} holds, per group the run placed or re-checked, its copies' instances with -1 for
     * every copy the run handled (a changed group: all of them; an unchanged group with copies on a
     * changed instance: those); they are found again on the instances the run changed (the others
     * are exactly as before). {@code dropped} groups left the pool.
     */
    static PoolMemo advance(PoolMemo before, Collection<Node> placed, Map<String, int[]> fresh, Set<String> dropped) {
        Map<String, int[]> where = new HashMap<>(before.where);
        long total = before.copies;
        for (String g : dropped) total -= where.remove(g).length;
        for (Map.Entry<String, int[]> e : fresh.entrySet()) {
            int[] was = where.put(e.getKey(), e.getValue());
            total += e.getValue().length - (was == null ? 0 : was.length);
        }
        List<Node> nodes = sorted(placed);
        List<String[]> groupsOn = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n.closed) return null;
            int p = before.position(n.number);
            if (n.exact && p >= 0) {
                groupsOn.add(before.groupsOn.get(p));
                continue;
            }
            String[] on = scan(n, where, fresh);
            if (on == null) return null;
            groupsOn.add(on);
        }
        return complete(fresh.values()) ? new PoolMemo(nodes, where, groupsOn, total) : null;
    }

    private static List<Node> sorted(Collection<Node> placed) {
        List<Node> nodes = new ArrayList<>(placed);
        nodes.sort(Comparator.comparingInt(n -> n.number));
        return nodes;
    }

    /** Records the node's copies in {@code where}; the groups it holds, or null on a copy out of place. */
    private static String[] scan(Node n, Map<String, int[]> where) {
        return scan(n, where, where);
    }

    /** As above, writing only the groups of {@code write} (the others are known to be unchanged). */
    private static String[] scan(Node n, Map<String, int[]> known, Map<String, int[]> write) {
        Set<String> on = new LinkedHashSet<>();
        for (GpuSlot g : n.gpus) {
            for (Allocation a : g.allocations) {
                TaskId t = a.task();
                int[] w = known.get(t.group());
                if (w == null || t.ordinal() < 0 || t.ordinal() >= w.length) return null;
                on.add(t.group());
                int[] out = write.get(t.group());
                if (out == null) continue;
                if (out[t.ordinal()] >= 0 && out[t.ordinal()] != n.number) return null; // one copy on two instances
                out[t.ordinal()] = n.number;
            }
        }
        return on.toArray(String[]::new);
    }

    private static boolean complete(Collection<int[]> where) {
        for (int[] w : where) for (int x : w) if (x < 0) return false;
        return true;
    }
}
