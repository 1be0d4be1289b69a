package dev.gpushare.engine.placement;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.internal.Admit;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the copies on an instance fit it, measured with the feasibility checks placement uses
 * (the same {@code Fit.verify} and host check that keep a copy where it is): GPU memory and MPS
 * clients, MIG instances that exist and hold one copy each, time-slicing replicas, whole and
 * fractional GPUs taken once, host CPU and memory. A copy whose new revision runs next to its old
 * one (a rollout's wave) counts twice until the old one stops. What the apply-time check runs after every
 * action of a batch, from any source, so that no backend stores a state its GPUs cannot hold.
 */
public final class Admission {
    private final Admit admit;

    private Admission(Admit admit) {
        this.admit = admit;
    }

    /**
     * Without a spec: what the state says is checked (GPU memory, whole, fractional and MIG GPUs
     * taken once); MPS client limits, replicas and host needs are the spec's and are not known.
     */
    public static Admission of(Catalog catalog) {
        return new Admission(Admit.of(catalog));
    }

    /** With the spec the state converges to: its pools' limits and its tasks' host CPU and memory too. */
    public static Admission of(ResolvedSpec spec) {
        return new Admission(Admit.of(spec));
    }

    /** The first copy of {@code instance} (in task order) that does not fit, or empty. */
    public Optional<Overflow> check(Instance instance) {
        return Optional.ofNullable(admit.check(instance, null));
    }

    /** As {@link #check(Instance)}, with the copies of {@code last} measured after all others (the copy an action placed). */
    public Optional<Overflow> check(Instance instance, TaskId last) {
        return Optional.ofNullable(admit.check(instance, last));
    }

    /**
     * Where one more copy fits on {@code instance} next to everything it holds, by placement's own
     * {@code Fit.find} for the copy's GPU form and the host check: the copy's allocations there
     * (running {@code revision}), each with its GPU and the mode that GPU takes; empty when it does
     * not fit (or the instance is unhealthy, or holds copies that do not fit).
     *
     * @param shape  the copy's allocations where it runs now (they give its needs)
     * @param closed GPU indexes of the instance that take nothing (a later action reconfigures them)
     */
    public Optional<List<Found>> find(Instance instance, TaskId task, List<Found> shape, Revision revision, Set<Integer> closed) {
        return Optional.ofNullable(admit.find(instance, task, shape, revision, closed));
    }

    /** Instance {@code number} of the pool as it launches (GPUs configured, no copies); empty when the spec has no such pool. */
    public Optional<Instance> launch(Owner owner, int number) {
        return Optional.ofNullable(admit.launch(owner, number));
    }

    /** The pool's maxInstances (0 when the spec given has no such pool). */
    public int maxInstances(Owner owner) {
        return admit.maxInstances(owner);
    }

    /** The pool's minInstances (0 when the spec given has no such pool). */
    public int minInstances(Owner owner) {
        return admit.minInstances(owner);
    }

    /** A GPU container's allocation on GPU {@code gpu}, and the mode that GPU is in with it. */
    public record Found(int gpu, GpuMode mode, Allocation allocation) {}

    /** What a copy ran out of. */
    public enum Resource {
        GPU_MEMORY_MIB("MiB of GPU memory"),
        MPS_CLIENTS("MPS clients"),
        IDLE_GPUS("idle GPU(s)"),
        FRACTIONAL_GPU("copies on the fractional GPU"),
        MIG_INSTANCES("free MIG instance(s)"),
        TIME_SLICING_REPLICAS("time-slicing replica(s)"),
        HOST_CPU_UNITS("host CPU units"),
        HOST_MEMORY_MIB("MiB of host memory"),
        GPU_FORM("GPU form");

        private final String unit;

        Resource(String unit) {
            this.unit = unit;
        }

        public String unit() {
            return unit;
        }
    }

    /**
     * A copy that does not fit where it is.
     *
     * @param task     the copy
     * @param gpu      the first GPU it is on
     * @param resource what it lacks
     * @param needed   how much it needs (in {@link Resource#unit})
     * @param free     how much is free for it after the copies before it (task order)
     * @param detail   the MIG profile, or why the GPU form cannot run there; else null
     */
    public record Overflow(TaskId task, int gpu, Resource resource, long needed, long free, String detail) {
        /** E.g. {@code copy web/3 needs 20480 MiB of GPU memory, 8192 are free}. */
        public String message() {
            return switch (resource) {
                case GPU_FORM -> "copy " + task + " cannot run on GPU " + gpu + ": " + detail;
                case FRACTIONAL_GPU -> "copy " + task + " would be the second copy on a fractional GPU, which holds one";
                case MIG_INSTANCES -> "copy " + task + " needs " + needed + " free MIG instance(s) " + detail + " on GPU " + gpu
                        + ", " + free + " are free (each MIG instance holds one copy; it must exist on the GPU)";
                case MPS_CLIENTS -> "copy " + task + " would make GPU " + gpu + " serve more than " + free + " MPS clients";
                case IDLE_GPUS -> "copy " + task + " needs GPU " + gpu + " to itself (a whole GPU holds one copy), and it is taken;"
                        + " the instance has " + free + " idle GPU(s) of the " + needed + " the copy asks for";
                default -> "copy " + task + " needs " + needed + " " + resource.unit() + ", " + free + " are free";
            };
        }
    }
}
