package dev.gpushare.engine.state;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment a container is started with, as ECS gives it (CONTRACT.md §2), made in one
 * place: the solver writes it and the apply-time check compares with it, so a forged variable
 * ({@code LD_PRELOAD}) or value cannot get into the state.
 *
 * <ul>
 *   <li>Whole GPUs, fractional and time-sliced GPUs: {@code NVIDIA_VISIBLE_DEVICES} lists the
 *       instance's GPU indexes the container gets (the whole GPU is what these forms hand out).</li>
 *   <li>MPS: the same, plus {@code CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=<MiB>M} (the container sees
 *       its one GPU as device 0) and, when a limit is given, {@code CUDA_MPS_ACTIVE_THREAD_PERCENTAGE}.</li>
 *   <li>MIG: no {@code NVIDIA_VISIBLE_DEVICES}, since the parent GPU's index would hand the container
 *       the whole GPU. The NVIDIA container toolkit names a MIG device by {@code MIG-<UUID>} or
 *       {@code <gpu>:<mig index>}, both known only on the host once the MIG instance exists, so the
 *       allocation gives its identity instead: {@value #MIG_PARENT_GPU}, {@value #MIG_PROFILE} and
 *       {@value #MIG_START}; the runtime resolves them to the device (docs/concepts.md).</li>
 * </ul>
 */
public final class ContainerEnv {
    public static final String VISIBLE_DEVICES = "NVIDIA_VISIBLE_DEVICES";
    public static final String MPS_MEMORY_LIMIT = "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT";
    public static final String MPS_THREAD_PERCENTAGE = "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE";
    /** The index of the GPU whose MIG instance the container runs on. */
    public static final String MIG_PARENT_GPU = "GPUSHARE_MIG_PARENT_GPU";
    /** The MIG instance's profile, e.g. {@code 3g.40gb}. */
    public static final String MIG_PROFILE = "GPUSHARE_MIG_PROFILE";
    /** The MIG instance's first placement unit ({@code Placement Start} of {@code nvidia-smi mig -lgi}). */
    public static final String MIG_START = "GPUSHARE_MIG_START";

    private ContainerEnv() {}

    /**
     * The environment of one allocation.
     *
     * @param gpus      the instance GPU indexes of every allocation of this container, in order
     * @param gpu       the GPU of this allocation
     * @param memoryMiB MPS memory, or null
     * @param percent   MPS compute limit, or null
     * @param partition the MIG instance, or null
     */
    public static Map<String, String> of(List<Integer> gpus, int gpu, Long memoryMiB, Integer percent,
                                         Allocation.PartitionRef partition) {
        Map<String, String> env = new TreeMap<>();
        if (partition != null) {
            env.put(MIG_PARENT_GPU, Integer.toString(gpu));
            env.put(MIG_PROFILE, partition.profile());
            env.put(MIG_START, Integer.toString(partition.start()));
            return env;
        }
        env.put(VISIBLE_DEVICES, visible(gpus));
        if (memoryMiB != null) {
            env.put(MPS_MEMORY_LIMIT, "0=" + memoryMiB + "M");
            if (percent != null) env.put(MPS_THREAD_PERCENTAGE, percent.toString());
        }
        return env;
    }

    /** {@code 0}, or {@code 0,2,3} for a container on several GPUs. */
    public static String visible(List<Integer> gpus) {
        if (gpus.size() == 1) return Integer.toString(gpus.getFirst());
        StringBuilder sb = new StringBuilder();
        for (int g : gpus) {
            if (!sb.isEmpty()) sb.append(',');
            sb.append(g);
        }
        return sb.toString();
    }
}
