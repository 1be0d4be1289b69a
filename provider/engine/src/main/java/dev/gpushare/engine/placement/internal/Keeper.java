package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;

/**
 * Stability: decides which copies of the current state stay where they are. A copy stays when it
 * is still wanted (same id, N below desiredCount), its instance is healthy (or unhealthy but not
 * being replaced) and of the pool's instance type, and the allocations it has are exactly those
 * the engine would write for it on the same GPUs/partitions today (same containers, limits, layout,
 * environment) and still fit, host CPU and memory included. Everything else is placed anew. A
 * copy kept that runs another revision than the spec's keeps its place with the spec's revision
 * written on it: the plan rolls it out.
 */
final class Keeper {
    private Keeper() {}

    /**
     * @param current   the current instances of this pool's owner
     * @param copies    the pool's copies; bit i of {@link Seed#kept} stands for {@code copies.get(i)}
     * @param replace   unhealthy instances to evacuate, or null for all unhealthy ones
     */
    static Seed keep(Pool pool, List<Instance> current, List<CopyRequest> copies, Set<InstanceId> replace) {
        Wanted wanted = new Wanted(copies);
        Set<Integer> used = new HashSet<>();
        BitSet kept = new BitSet(copies.size());
        List<Seed.SeedNode> nodes = new ArrayList<>();
        int stamp = 0; // one per instance checked, for Wanted.seen
        List<Instance> sorted = new ArrayList<>(current);
        sorted.sort(Comparator.comparing(Instance::id));
        for (Instance inst : sorted) {
            if (!inst.id().of(pool.owner())) continue;
            int number = inst.id().ordinal();
            used.add(number);
            boolean evacuate = !inst.healthy() && (replace == null || replace.contains(inst.id()));
            if (evacuate || !inst.instanceType().equals(pool.type().name()) || inst.gpus().size() != pool.gpuCount()) {
                continue; // its copies are placed elsewhere; the reconciler terminates it
            }
            boolean closed = !inst.healthy();
            Node scratch = new Node(number, 0, pool, closed, inst.healthReason());
            List<CopyRequest> keptHere = quickPass(pool, inst, ++stamp, scratch, wanted, kept);
            if (keptHere == null) {
                scratch = new Node(number, 0, pool, closed, inst.healthReason());
                keptHere = sortedPass(pool, inst, scratch, wanted, kept);
            }
            nodes.add(new Seed.SeedNode(number, closed, inst.healthReason(), keptHere, scratch, inst));
        }
        return new Seed(nodes, kept, used);
    }

    /**
     * The pool's copies by task id; {@code stamp}/{@code seen} count a copy's allocations on the
     * instance being checked (no per-instance map).
     */
    private static final class Wanted {
        final List<CopyRequest> copies;
        final CopyIndex index;
        final int[] stamp;
        final int[] seen;

        Wanted(List<CopyRequest> copies) {
            this.copies = copies;
            this.index = CopyIndex.of(copies);
            this.stamp = new int[copies.size()];
            this.seen = new int[copies.size()];
        }
    }

    /**
     * The copies of one instance in the order its allocations list them, without sorting the task
     * ids. Whether a copy fits depends on the copies kept before it only through capacity (memory,
     * clients, idle GPUs, partitions, replicas, host CPU and memory), and every such constraint holds
     * for a subset of a set that fits. So when no capacity check fails here, the copies kept are the
     * ones {@link #sortedPass} keeps, with the same bookkeeping. It handles copies with one container
     * and one allocation; on anything else, or a copy that no longer fits, it undoes its marks and
     * answers null: the sorted pass decides, as before.
     */
    private static List<CopyRequest> quickPass(Pool pool, Instance inst, int stamp, Node scratch, Wanted wanted, BitSet kept) {
        int total = 0;
        for (Gpu g : inst.gpus()) total += g.allocations().size();
        int[] at = new int[total];
        int k = 0;
        for (Gpu g : inst.gpus()) {
            for (Allocation a : g.allocations()) {
                int i = wanted.index.indexOf(a.task());
                at[k++] = i;
                if (i < 0) continue;
                if (wanted.stamp[i] != stamp) {
                    wanted.stamp[i] = stamp;
                    wanted.seen[i] = 0;
                }
                wanted.seen[i]++;
            }
        }
        List<CopyRequest> keptHere = new ArrayList<>(total);
        int[] keptAt = new int[total];
        k = 0;
        for (Gpu g : inst.gpus()) {
            for (Allocation a : g.allocations()) {
                int i = at[k++];
                if (i < 0 || kept.get(i)) continue;
                CopyRequest copy = wanted.copies.get(i);
                if (wanted.seen[i] != 1 || copy.containers().size() != 1) return undo(keptAt, keptHere.size(), kept);
                Choice choice = single(copy, scratch, g.index(), a);
                if (choice == null) continue;
                List<Allocation> recorded = List.of(a);
                if (!Assign.matches(copy, scratch, choice, recorded)) continue;
                if (HostFit.resources(copy, scratch) != null || Fit.of(copy.form()).verify(copy, scratch, pool, choice) != null) {
                    return undo(keptAt, keptHere.size(), kept);
                }
                Assign.apply(copy, scratch, choice, Assign.current(copy, recorded));
                keptAt[keptHere.size()] = i;
                keptHere.add(copy);
                kept.set(i);
            }
        }
        return keptHere;
    }

    private static List<CopyRequest> undo(int[] keptAt, int n, BitSet kept) {
        for (int j = 0; j < n; j++) kept.clear(keptAt[j]);
        return null;
    }

    /** Copies in task-id order; the first ones to fit stay (the rule when not all of them fit). */
    private static List<CopyRequest> sortedPass(Pool pool, Instance inst, Node scratch, Wanted wanted, BitSet kept) {
        List<CopyRequest> keptHere = new ArrayList<>();
        for (Map.Entry<TaskId, List<Located>> e : byTask(inst).entrySet()) {
            int i = wanted.index.indexOf(e.getKey());
            if (i < 0 || kept.get(i)) continue;
            CopyRequest copy = wanted.copies.get(i);
            Choice choice = choiceOf(copy, scratch, e.getValue());
            if (choice == null || HostFit.resources(copy, scratch) != null
                    || Fit.of(copy.form()).verify(copy, scratch, pool, choice) != null) {
                continue;
            }
            List<Allocation> recorded = recordedInOrder(copy, e.getValue());
            if (!Assign.matches(copy, scratch, choice, recorded)) continue;
            Assign.apply(copy, scratch, choice, Assign.current(copy, recorded));
            keptHere.add(copy);
            kept.set(i);
        }
        return keptHere;
    }

    /** An allocation with the index of the GPU it sits on. */
    private record Located(int gpu, Allocation allocation) {}

    private static Map<TaskId, List<Located>> byTask(Instance inst) {
        Map<TaskId, List<Located>> out = new TreeMap<>();
        for (Gpu g : inst.gpus()) {
            for (Allocation a : g.allocations()) out.computeIfAbsent(a.task(), t -> new ArrayList<>()).add(new Located(g.index(), a));
        }
        return out;
    }

    /** The choice the recorded allocations describe, or null when they do not match the copy's containers. */
    private static Choice choiceOf(CopyRequest copy, Node node, List<Located> recorded) {
        if (copy.containers().size() == 1 && recorded.size() == 1) {
            return single(copy, node, recorded.get(0).gpu(), recorded.get(0).allocation());
        }
        int matched = 0;
        List<List<Choice.Pick>> per = new ArrayList<>();
        for (CopyRequest.GpuContainer c : copy.containers()) {
            List<Choice.Pick> picks = new ArrayList<>();
            for (Located l : sortedFor(c.name(), recorded)) {
                if (l.gpu() < 0 || l.gpu() >= node.gpus.length) return null;
                int part = -1;
                if (l.allocation().partition() != null) {
                    part = partIndex(node.gpus[l.gpu()].parts, l.allocation().partition());
                    if (part < 0) return null;
                }
                picks.add(new Choice.Pick(l.gpu(), part));
            }
            if (picks.isEmpty()) return null;
            matched += picks.size();
            per.add(picks);
        }
        return matched == recorded.size() ? new Choice(per) : null;
    }

    /** One container on GPU i without a partition: shared (choices are immutable), one per kept copy otherwise. */
    private static final Choice[] WHOLE_GPU = new Choice[16];

    static {
        for (int g = 0; g < WHOLE_GPU.length; g++) WHOLE_GPU[g] = new Choice(List.of(List.of(new Choice.Pick(g, -1))));
    }

    /** {@link #choiceOf} for the common case of one container with one allocation, without the lists. */
    private static Choice single(CopyRequest copy, Node node, int gpu, Allocation a) {
        if (!a.container().equals(copy.containers().get(0).name())) return null;
        if (gpu < 0 || gpu >= node.gpus.length) return null;
        int part = -1;
        if (a.partition() != null) {
            part = partIndex(node.gpus[gpu].parts, a.partition());
            if (part < 0) return null;
        }
        return part < 0 && gpu < WHOLE_GPU.length ? WHOLE_GPU[gpu] : new Choice(List.of(List.of(new Choice.Pick(gpu, part))));
    }

    private static List<Allocation> recordedInOrder(CopyRequest copy, List<Located> recorded) {
        if (copy.containers().size() == 1 && recorded.size() == 1) return List.of(recorded.get(0).allocation());
        List<Allocation> out = new ArrayList<>(recorded.size());
        for (CopyRequest.GpuContainer c : copy.containers()) {
            for (Located l : sortedFor(c.name(), recorded)) out.add(l.allocation());
        }
        return out;
    }

    private static List<Located> sortedFor(String container, List<Located> recorded) {
        List<Located> out = new ArrayList<>(2);
        for (Located l : recorded) if (l.allocation().container().equals(container)) out.add(l);
        if (out.size() > 1) out.sort(Comparator.comparingInt(Located::gpu));
        return out;
    }

    private static int partIndex(List<MigPartition> parts, Allocation.PartitionRef ref) {
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).profile().equals(ref.profile()) && parts.get(i).start() == ref.start()) return i;
        }
        return -1;
    }
}
