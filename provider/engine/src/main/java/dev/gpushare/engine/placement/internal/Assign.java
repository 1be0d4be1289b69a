package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Revision;

/**
 * Commits a feasible {@link Choice}: updates the instance's bookkeeping and writes the allocations,
 * with the environment ECS would give each container (CONTRACT.md §2).
 */
final class Assign {
    private Assign() {}

    /** The allocations of the copy under that choice, container by container, GPU by GPU. */
    static List<Allocation> allocations(CopyRequest copy, Node node, Choice choice) {
        List<Allocation> out = new ArrayList<>();
        for (int i = 0; i < copy.containers().size(); i++) {
            CopyRequest.GpuContainer c = copy.containers().get(i);
            List<Choice.Pick> picks = choice.perContainer().get(i);
            List<Integer> gpus = new ArrayList<>(picks.size());
            for (Choice.Pick p : picks) gpus.add(p.gpu());
            gpus = List.copyOf(gpus); // shared by the container's allocations' environments
            for (Choice.Pick p : picks) {
                Long mem = null;
                Integer pct = null;
                Allocation.PartitionRef ref = null;
                switch (c.need()) {
                    case Need.Mps m -> {
                        mem = m.memoryMiB();
                        pct = m.maxComputePercent();
                    }
                    case Need.Partition part -> {
                        MigPartition mp = node.gpus[p.gpu()].parts.get(p.partition());
                        ref = new Allocation.PartitionRef(mp.profile(), mp.start());
                    }
                    case Need.Whole w -> { }
                    case Need.Fraction f -> { }
                    case Need.Slots s -> { }
                }
                out.add(new Allocation(copy.task(), c.name(), mem, pct, ref, ContainerEnv.of(gpus, p.gpu(), mem, pct, ref),
                        copy.revision()));
            }
        }
        return out;
    }

    /**
     * True when {@code recorded} are exactly the allocations {@link #allocations} would write for
     * the choice (same order), by their typed values: container, MPS memory and compute limit, MIG
     * instance, and the GPUs the container sees. The environment is not read: an allocation knows
     * whether its environment is the one derived from those values ({@link Allocation#gpus} is null
     * when not: edited by hand), so it runs for every copy of a large fleet without building or
     * parsing text. The caller has found {@code recorded} by the copy's task id, so the task is not
     * compared again. The revision is not compared either: placement says where a copy runs, and a
     * copy that runs another revision keeps its place ({@link #current} writes the new one on it).
     */
    static boolean matches(CopyRequest copy, Node node, Choice choice, List<Allocation> recorded) {
        int a = 0;
        for (int i = 0; i < copy.containers().size(); i++) {
            CopyRequest.GpuContainer c = copy.containers().get(i);
            List<Choice.Pick> picks = choice.perContainer().get(i);
            for (Choice.Pick p : picks) {
                if (a >= recorded.size()) return false;
                Allocation r = recorded.get(a++);
                List<Integer> sees = r.gpus();
                if (sees == null || !sees(sees, picks) || !r.container().equals(c.name())) return false;
                boolean same = switch (c.need()) {
                    case Need.Mps m -> r.partition() == null && r.memoryMiB() != null && r.memoryMiB() == m.memoryMiB()
                            && Objects.equals(r.maxComputePercent(), m.maxComputePercent());
                    case Need.Partition part -> {
                        // a MIG copy's allocation names its partition (its GPU is the parent, checked above)
                        MigPartition mp = node.gpus[p.gpu()].parts.get(p.partition());
                        Allocation.PartitionRef ref = r.partition();
                        yield r.memoryMiB() == null && r.maxComputePercent() == null && ref != null
                                && ref.start() == mp.start() && ref.profile().equals(mp.profile());
                    }
                    case Need.Whole w -> plain(r);
                    case Need.Fraction f -> plain(r);
                    case Need.Slots s -> plain(r);
                };
                if (!same) return false;
            }
        }
        return a == recorded.size();
    }

    /**
     * {@code recorded} (allocations that {@link #matches} the copy) running the copy's revision: the
     * same list when they already do (so an unchanged instance stays the same object), else each
     * allocation with the revision replaced — a rollout, which the plan shows as the copy's change.
     */
    static List<Allocation> current(CopyRequest copy, List<Allocation> recorded) {
        Revision want = copy.revision();
        boolean same = true;
        for (Allocation a : recorded) same &= Objects.equals(a.revision(), want);
        if (same || want == null) return recorded;
        List<Allocation> out = new ArrayList<>(recorded.size());
        for (Allocation a : recorded) out.add(a.withRevision(want));
        return out;
    }

    /** The container sees exactly the GPUs of its picks, in order (a MIG container: its parent GPU). */
    private static boolean sees(List<Integer> gpus, List<Choice.Pick> picks) {
        if (gpus.size() != picks.size()) return false;
        for (int k = 0; k < gpus.size(); k++) if (gpus.get(k) != picks.get(k).gpu()) return false;
        return true;
    }

    private static boolean plain(Allocation r) {
        return r.memoryMiB() == null && r.maxComputePercent() == null && r.partition() == null;
    }

    /**
     * Applies the choice to the node; {@code allocations} are in the order {@link #allocations} gives,
     * or null to update the bookkeeping only (the exact search, which records no allocations).
     */
    static void apply(CopyRequest copy, Node node, Choice choice, List<Allocation> allocations) {
        int a = 0;
        for (int i = 0; i < copy.containers().size(); i++) {
            Need need = copy.containers().get(i).need();
            for (Choice.Pick p : choice.perContainer().get(i)) {
                GpuSlot g = node.gpus[p.gpu()];
                switch (need) {
                    case Need.Mps m -> {
                        if (g.mode == GpuMode.IDLE) node.idleGpus--;
                        g.mode = GpuMode.MPS;
                        g.memFree -= m.memoryMiB();
                        g.clients++;
                    }
                    case Need.Whole w -> {
                        if (g.mode == GpuMode.IDLE) node.idleGpus--;
                        g.mode = GpuMode.DEDICATED;
                        g.memFree = 0;
                    }
                    case Need.Partition part -> g.partUsed[p.partition()] = true;
                    case Need.Slots s -> g.slotsUsed++;
                    case Need.Fraction f -> { }
                }
                if (allocations != null) g.add(allocations.get(a++));
            }
        }
        node.cpuFree -= copy.cpuUnits();
        node.memFree -= copy.memoryMiB();
        node.countCopy(copy.group());
    }
}
