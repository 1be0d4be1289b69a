package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;

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
                out.add(new Allocation(copy.task(), c.name(), mem, pct, ref, ContainerEnv.of(gpus, p.gpu(), mem, pct, ref)));
            }
        }
        return out;
    }

    /**
     * True when {@code recorded} are exactly the allocations {@link #allocations} would write for
     * the choice (same order); compares field by field without building them, as it runs for every
     * copy of a large fleet. The caller has found {@code recorded} by the copy's task id, so the
     * task is not compared again (a string compare per kept copy).
     */
    static boolean matches(CopyRequest copy, Node node, Choice choice, List<Allocation> recorded) {
        int a = 0;
        for (int i = 0; i < copy.containers().size(); i++) {
            CopyRequest.GpuContainer c = copy.containers().get(i);
            List<Choice.Pick> picks = choice.perContainer().get(i);
            for (Choice.Pick p : picks) {
                if (a >= recorded.size()) return false;
                Allocation r = recorded.get(a++);
                if (!r.container().equals(c.name())) return false;
                Map<String, String> env = r.env();
                if (c.need() instanceof Need.Partition) {
                    // a MIG copy names its partition, not a device (ContainerEnv)
                    MigPartition mp = node.gpus[p.gpu()].parts.get(p.partition());
                    Allocation.PartitionRef ref = new Allocation.PartitionRef(mp.profile(), mp.start());
                    if (r.memoryMiB() != null || r.maxComputePercent() != null || !ref.equals(r.partition())
                            || !env.equals(ContainerEnv.of(List.of(p.gpu()), p.gpu(), null, null, ref))) {
                        return false;
                    }
                    continue;
                }
                String visible = env.get(ContainerEnv.VISIBLE_DEVICES);
                if (visible == null || !(picks.size() == 1 ? isNumber(visible, p.gpu()) : visible.equals(visibleDevices(picks)))) {
                    return false;
                }
                switch (c.need()) {
                    case Need.Mps m -> {
                        Integer pct = m.maxComputePercent();
                        if (r.memoryMiB() == null || r.memoryMiB() != m.memoryMiB() || !java.util.Objects.equals(r.maxComputePercent(), pct)
                                || r.partition() != null || env.size() != (pct == null ? 2 : 3)
                                || !limit(env.get("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT"), m.memoryMiB())
                                || (pct != null && !pct.toString().equals(env.get("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE")))) {
                            return false;
                        }
                    }
                    case Need.Partition part -> { }
                    case Need.Whole w -> { if (!plain(r, env)) return false; }
                    case Need.Fraction f -> { if (!plain(r, env)) return false; }
                    case Need.Slots s -> { if (!plain(r, env)) return false; }
                }
            }
        }
        return a == recorded.size();
    }

    private static boolean plain(Allocation r, Map<String, String> env) {
        return r.memoryMiB() == null && r.maxComputePercent() == null && r.partition() == null && env.size() == 1;
    }

    /** {@code value} is {@code Integer.toString(n)}; without building it for one digit. */
    private static boolean isNumber(String value, int n) {
        if (n >= 0 && n <= 9) return value.length() == 1 && value.charAt(0) == '0' + n;
        return value.equals(Integer.toString(n));
    }

    /** {@code value} is {@code 0=<mib>M}; parsed in place (it runs for every kept MPS copy). */
    private static boolean limit(String value, long mib) {
        if (value == null) return false;
        int digits = value.length() - 3;
        if (mib >= 0 && digits >= 1 && digits <= 18) {
            if (!value.startsWith("0=") || value.charAt(value.length() - 1) != 'M') return false;
            if (digits > 1 && value.charAt(2) == '0') return false; // toString has no leading zeros
            long v = 0;
            for (int i = 2; i < 2 + digits; i++) {
                char ch = value.charAt(i);
                if (ch < '0' || ch > '9') return false;
                v = v * 10 + (ch - '0');
            }
            return v == mib;
        }
        return value != null && value.startsWith("0=") && value.endsWith("M")
                && value.regionMatches(2, Long.toString(mib), 0, value.length() - 3) && value.length() - 3 == Long.toString(mib).length();
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

    private static String visibleDevices(List<Choice.Pick> picks) {
        if (picks.size() == 1) return Integer.toString(picks.get(0).gpu());
        StringBuilder sb = new StringBuilder();
        for (Choice.Pick p : picks) {
            if (!sb.isEmpty()) sb.append(',');
            sb.append(p.gpu());
        }
        return sb.toString();
    }
}
