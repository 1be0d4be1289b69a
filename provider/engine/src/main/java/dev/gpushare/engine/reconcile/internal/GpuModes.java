package dev.gpushare.engine.reconcile.internal;

import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.reconcile.internal.shapes.ActionShapes;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The end state of a whole plan, folded by the one transition: every GPU's mode takes the copies on
 * it (no copy on an IDLE GPU, MPS copies reserve memory, a DEDICATED or FRACTIONAL GPU holds one
 * plain copy, a MIG copy sits on a MIG instance of its GPU). Within a plan a GPU is reconfigured
 * after the copies leave it, so this holds only at the end; what the copies take is measured after
 * every action ({@link Fits}).
 */
public final class GpuModes {
    private GpuModes() {}

    /** The problems of {@code end}, at {@code path}; at most {@link ActionShapes#MAX_PROBLEMS}. */
    public static List<Problem> of(FleetState end, String path) {
        List<Problem> out = new ArrayList<>();
        for (Instance i : end.instances()) {
            for (Gpu g : i.gpus()) {
                String why = why(g);
                if (why != null && out.size() < ActionShapes.MAX_PROBLEMS) {
                    out.add(Problem.at(path, ApplyCode.ACTION_INCONSISTENT, "GPU " + g.index() + " of " + i.id() + why
                            + "; plan again against the current state"));
                }
            }
        }
        return out;
    }

    /** Why the GPU's mode does not take its copies, or null. */
    private static String why(Gpu g) {
        List<Allocation> as = g.allocations();
        if (as.isEmpty()) return null;
        switch (g.mode()) {
            case IDLE -> {
                return " is IDLE but holds " + as.size() + " copies";
            }
            case MPS -> {
                long sum = 0;
                for (Allocation a : as) {
                    if (a.memoryMiB() == null) return " runs MPS but copy " + a.task() + " reserves no MPS memory";
                    sum += a.memoryMiB();
                }
                return sum > g.memoryMiB() ? " would hold " + sum + " MiB of MPS copies; it has " + g.memoryMiB() + " MiB" : null;
            }
            case DEDICATED, FRACTIONAL -> {
                if (as.size() > 1 || as.getFirst().memoryMiB() != null || as.getFirst().partition() != null) {
                    List<String> tasks = new ArrayList<>();
                    for (Allocation a : as) tasks.add(a.task().toString());
                    return " is " + g.mode() + " (one whole-GPU copy) but would hold " + as.size() + " allocation(s): "
                            + String.join(", ", tasks);
                }
                return null;
            }
            case TIME_SLICING -> {
                for (Allocation a : as) {
                    if (a.memoryMiB() != null || a.partition() != null) {
                        return " is TIME_SLICING but copy " + a.task() + " is not a time-sliced copy";
                    }
                }
                return null;
            }
            case MIG -> {
                Set<String> taken = new HashSet<>();
                for (Allocation a : as) {
                    Allocation.PartitionRef r = a.partition();
                    boolean exists = r != null && g.partitions().stream()
                            .anyMatch(p -> p.start() == r.start() && Objects.equals(p.profile(), r.profile()));
                    if (!exists) return ": copy " + a.task() + " is on no MIG instance of the GPU";
                    if (!taken.add(r.profile() + "@" + r.start())) {
                        return ": MIG instance " + r.profile() + "@" + r.start() + " would hold two copies";
                    }
                }
                return null;
            }
        }
        return null;
    }
}
