package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
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
 * environment) and still fit, host CPU and memory included. Everything else is placed anew.
 */
final class Keeper {
    private Keeper() {}

    /**
     * @param current   the current instances of this pool's owner
     * @param wanted    the pool's copies by task id
     * @param replace   unhealthy instances to evacuate, or null for all unhealthy ones
     */
    static Seed keep(Pool pool, List<Instance> current, Map<String, CopyRequest> wanted, Set<String> replace) {
        Set<Integer> used = new HashSet<>();
        Set<CopyRequest> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>(wanted.size()));
        List<Seed.SeedNode> nodes = new ArrayList<>();
        List<Instance> sorted = new ArrayList<>(current);
        sorted.sort(Comparator.comparing(Instance::id, Natural.IDS));
        for (Instance inst : sorted) {
            int number = number(pool.owner(), inst.id());
            if (number < 0) continue;
            used.add(number);
            boolean evacuate = !inst.healthy() && (replace == null || replace.contains(inst.id()));
            if (evacuate || !inst.instanceType().equals(pool.type().name()) || inst.gpus().size() != pool.gpuCount()) {
                continue; // its copies are placed elsewhere; the reconciler terminates it
            }
            boolean closed = !inst.healthy();
            Node scratch = new Node(number, 0, pool, closed, inst.healthReason());
            List<Seed.Kept> keptHere = new ArrayList<>();
            for (Map.Entry<String, List<Located>> e : byTask(inst).entrySet()) {
                CopyRequest copy = wanted.get(e.getKey());
                if (copy == null || kept.contains(copy)) continue;
                Choice choice = choiceOf(copy, scratch, e.getValue());
                if (choice == null || HostFit.resources(copy, scratch) != null
                        || Fit.of(copy.form()).verify(copy, scratch, pool, choice) != null) {
                    continue;
                }
                List<Allocation> recorded = recordedInOrder(copy, e.getValue());
                if (!Assign.matches(copy, scratch, choice, recorded)) continue;
                Assign.apply(copy, scratch, choice, recorded);
                keptHere.add(new Seed.Kept(copy, choice, recorded));
                kept.add(copy);
            }
            nodes.add(new Seed.SeedNode(number, closed, inst.healthReason(), keptHere));
        }
        return new Seed(nodes, kept, used);
    }

    /** An allocation with the index of the GPU it sits on. */
    private record Located(int gpu, Allocation allocation) {}

    private static Map<String, List<Located>> byTask(Instance inst) {
        Map<String, List<Located>> out = new TreeMap<>(Natural.IDS);
        for (Gpu g : inst.gpus()) {
            for (Allocation a : g.allocations()) out.computeIfAbsent(a.task(), t -> new ArrayList<>()).add(new Located(g.index(), a));
        }
        return out;
    }

    /** The choice the recorded allocations describe, or null when they do not match the copy's containers. */
    private static Choice choiceOf(CopyRequest copy, Node node, List<Located> recorded) {
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

    private static List<Allocation> recordedInOrder(CopyRequest copy, List<Located> recorded) {
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

    /** N of an id {@code OWNER-N}, or -1 when the id is not of that form. */
    static int number(String owner, String id) {
        if (!id.startsWith(owner + "-")) return -1;
        String tail = id.substring(owner.length() + 1);
        if (tail.isEmpty() || tail.length() > 9) return -1;
        for (int i = 0; i < tail.length(); i++) if (!Character.isDigit(tail.charAt(i))) return -1;
        return Integer.parseInt(tail);
    }
}
