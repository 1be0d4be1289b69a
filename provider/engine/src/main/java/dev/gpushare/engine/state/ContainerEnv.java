package dev.gpushare.engine.state;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The environment a container is started with, as ECS gives it (CONTRACT.md §2), derived in one
 * place from typed values (the GPUs a container sees, MPS memory and limit, the MIG instance): the
 * solver writes it, the apply-time check compares with it, so a forged variable ({@code LD_PRELOAD})
 * or value cannot get into the state, and an {@link Allocation} knows whether its environment is the
 * derived one ({@link Derived}) once, when it is built: the solver compares typed values only.
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
    public static Derived of(List<Integer> gpus, int gpu, Long memoryMiB, Integer percent,
                             Allocation.PartitionRef partition) {
        if (partition != null) {
            return new Derived(MIG_KEYS, new String[] {Integer.toString(gpu), partition.profile(),
                    Integer.toString(partition.start())}, List.of(gpu), memoryMiB, percent, partition);
        }
        String visible = visible(gpus);
        if (memoryMiB == null) return new Derived(PLAIN_KEYS, new String[] {visible}, gpus, null, percent, null);
        String limit = "0=" + memoryMiB + "M";
        if (percent == null) return new Derived(MPS_KEYS, new String[] {limit, visible}, gpus, memoryMiB, null, null);
        return new Derived(MPS_PERCENT_KEYS, new String[] {percent.toString(), limit, visible}, gpus, memoryMiB, percent, null);
    }

    /**
     * The environment {@code env} as derived from the allocation's typed fields, or null when it is
     * not exactly what {@link #of} writes for them and the GPUs it names (a hand edit, a variable
     * gpushare never sets). Text is read here once, where an allocation is built (a state read back
     * from a store); what the solver writes is already derived and only its typed values are compared.
     */
    public static Derived derived(Map<String, String> env, Long memoryMiB, Integer percent, Allocation.PartitionRef partition) {
        if (env instanceof Derived d && d.from(memoryMiB, percent, partition)) return d;
        List<Integer> gpus = indexes(env.get(partition != null ? MIG_PARENT_GPU : VISIBLE_DEVICES));
        if (gpus == null || (partition != null && gpus.size() != 1)) return null;
        Derived d = of(gpus, gpus.getFirst(), memoryMiB, percent, partition);
        return d.equals(env) ? d : null;
    }

    /** {@code 0} or {@code 0,2,3} as indexes, or null when it is not such a list. */
    private static List<Integer> indexes(String text) {
        if (text == null || text.isEmpty() || text.length() > 200) return null;
        List<Integer> out = new ArrayList<>(1);
        for (String part : text.split(",", -1)) {
            if (part.isEmpty() || part.length() > 9) return null;
            for (int i = 0; i < part.length(); i++) if (part.charAt(i) < '0' || part.charAt(i) > '9') return null;
            out.add(Integer.parseInt(part));
        }
        return List.copyOf(out);
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

    // the keys of each shape of environment, in key order (every allocation's env is ordered by key)
    private static final String[] MIG_KEYS = {MIG_PARENT_GPU, MIG_PROFILE, MIG_START};
    private static final String[] PLAIN_KEYS = {VISIBLE_DEVICES};
    private static final String[] MPS_KEYS = {MPS_MEMORY_LIMIT, VISIBLE_DEVICES};
    private static final String[] MPS_PERCENT_KEYS = {MPS_THREAD_PERCENTAGE, MPS_MEMORY_LIMIT, VISIBLE_DEVICES};

    /**
     * An environment exactly as {@link #of} derives it, with the typed values it comes from: the
     * instance GPU indexes the container sees (the MIG parent GPU for a MIG instance), the MPS memory
     * (MiB) and compute limit (percent), the MIG instance. Immutable, ordered by key.
     */
    public static final class Derived extends AbstractMap<String, String> {
        private final String[] keys;
        private final String[] values;
        private final List<Integer> gpus;
        private final Long memoryMiB;
        private final Integer percent;
        private final Allocation.PartitionRef partition;

        private Derived(String[] keys, String[] values, List<Integer> gpus, Long memoryMiB, Integer percent,
                        Allocation.PartitionRef partition) {
            this.keys = keys;
            this.values = values;
            this.gpus = List.copyOf(gpus);
            this.memoryMiB = memoryMiB;
            this.percent = percent;
            this.partition = partition;
        }

        /** The instance GPU indexes the container sees, in order. */
        public List<Integer> gpus() {
            return gpus;
        }

        /** True when derived from exactly these typed values. */
        boolean from(Long memoryMiB, Integer percent, Allocation.PartitionRef partition) {
            return Objects.equals(this.memoryMiB, memoryMiB) && Objects.equals(this.percent, percent)
                    && Objects.equals(this.partition, partition);
        }

        @Override
        public int size() {
            return keys.length;
        }

        @Override
        public String get(Object key) {
            for (int i = 0; i < keys.length; i++) if (keys[i].equals(key)) return values[i];
            return null;
        }

        @Override
        public boolean containsKey(Object key) {
            return get(key) != null;
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, String>> iterator() {
                    return new Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < keys.length;
                        }

                        @Override
                        public Entry<String, String> next() {
                            if (next >= keys.length) throw new NoSuchElementException();
                            int i = next++;
                            return new SimpleImmutableEntry<>(keys[i], values[i]);
                        }
                    };
                }

                @Override
                public int size() {
                    return keys.length;
                }
            };
        }
    }
}
