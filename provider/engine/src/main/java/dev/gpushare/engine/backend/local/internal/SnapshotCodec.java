package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.internal.LazyAllocations;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A snapshot as one compact binary document, for the stored snapshot of the state file ({@link
 * StoredSnapshots}): every distinct string once in a table, then the state by reference. Decoding
 * a 100,000-copy fleet is a few times cheaper than reading and decoding its rows (no SQL, no text
 * parsing of environments and partitions, each string made once).
 *
 * <p>Layout: magic and format, the string table (count, then length-prefixed UTF-8), the
 * environment table (count, then each environment's size and its keys' and values' string
 * references), the revision, the cluster, the instances (each with its GPUs and their allocations),
 * the declared layouts. Strings are referenced by index + 1, 0 for null; an allocation's task by its
 * group's string and its number (no string per copy, nothing to parse), its environment by index in
 * the table (most copies share theirs).
 */
public final class SnapshotCodec {
    /**
     * "GSS" and the format number: a document of another format is not read (the rows are).
     * Format 2: instances in {@link InstanceId}'s order (format 1 listed them by id as text).
     * Format 3: each allocation's revision after its environment (a format-2 document is not read:
     * the rows are, which hold the revisions).
     * Format 4: a task as its group and number, environments in a table (a format-3 document is not
     * read: the rows are, and the next write stores format 4).
     */
    static final int MAGIC = 0x47535304;
    private static final GpuMode[] MODES = GpuMode.values();

    private SnapshotCodec() {}

    public static byte[] encode(Snapshot s) {
        Map<String, Integer> strings = new LinkedHashMap<>();
        Map<Map<String, String>, Integer> envs = new HashMap<>();
        List<int[]> envRefs = new ArrayList<>();
        ByteArrayOutputStream bodyBytes = new ByteArrayOutputStream(1 << 16);
        try (DataOutputStream body = new DataOutputStream(bodyBytes)) {
            FleetState state = s.state();
            body.writeLong(s.revision());
            ref(body, strings, state.cluster());
            body.writeInt(state.instances().size());
            for (Instance i : state.instances()) {
                ref(body, strings, i.id().toString());
                ref(body, strings, i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null);
                ref(body, strings, i.owner() instanceof Owner.Endpoint e ? e.name() : null);
                ref(body, strings, i.instanceType());
                body.writeBoolean(i.healthy());
                ref(body, strings, i.healthReason());
                body.writeInt(i.gpus().size());
                for (Gpu g : i.gpus()) {
                    body.writeInt(g.index());
                    ref(body, strings, g.model());
                    body.writeLong(g.memoryMiB());
                    body.writeByte(g.mode().ordinal());
                    ref(body, strings, g.fraction() == null ? null : g.fraction().toString());
                    body.writeInt(g.partitions().size());
                    for (MigPartition p : g.partitions()) {
                        ref(body, strings, p.profile());
                        body.writeInt(p.start());
                        body.writeLong(p.memoryMiB());
                    }
                    body.writeInt(g.allocations().size());
                    for (Allocation a : g.allocations()) allocation(body, strings, envs, envRefs, a);
                }
            }
            Map<InstanceId, List<String>> layouts = new TreeMap<>(s.declaredLayouts());
            body.writeInt(layouts.size());
            for (Map.Entry<InstanceId, List<String>> e : layouts.entrySet()) {
                ref(body, strings, e.getKey().toString());
                body.writeInt(e.getValue().size());
                for (String p : e.getValue()) ref(body, strings, p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not happen
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(bodyBytes.size() + strings.size() * 24 + 16);
        try (DataOutputStream d = new DataOutputStream(out)) {
            d.writeInt(MAGIC);
            d.writeInt(strings.size());
            for (String str : strings.keySet()) {
                byte[] b = str.getBytes(StandardCharsets.UTF_8);
                d.writeInt(b.length);
                d.write(b);
            }
            d.writeInt(envRefs.size());
            for (int[] refs : envRefs) {
                d.writeInt(refs.length / 2);
                for (int r : refs) d.writeInt(r);
            }
            bodyBytes.writeTo(d);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void allocation(DataOutputStream body, Map<String, Integer> strings, Map<Map<String, String>, Integer> envs,
                                   List<int[]> envRefs, Allocation a) throws IOException {
        ref(body, strings, a.task().group());
        body.writeInt(a.task().ordinal());
        ref(body, strings, a.container());
        body.writeBoolean(a.memoryMiB() != null);
        if (a.memoryMiB() != null) body.writeLong(a.memoryMiB());
        body.writeBoolean(a.maxComputePercent() != null);
        if (a.maxComputePercent() != null) body.writeInt(a.maxComputePercent());
        body.writeBoolean(a.partition() != null);
        if (a.partition() != null) {
            ref(body, strings, a.partition().profile());
            body.writeInt(a.partition().start());
        }
        Integer env = envs.get(a.env());
        if (env == null) {
            int[] refs = new int[2 * a.env().size()];
            int k = 0;
            for (Map.Entry<String, String> e : a.env().entrySet()) {
                refs[k++] = index(strings, e.getKey());
                refs[k++] = index(strings, e.getValue());
            }
            env = envRefs.size();
            envRefs.add(refs);
            envs.put(a.env(), env);
        }
        body.writeInt(env);
        ref(body, strings, a.revision() == null ? null : a.revision().value());
    }

    private static void ref(DataOutputStream body, Map<String, Integer> strings, String s) throws IOException {
        body.writeInt(index(strings, s));
    }

    /** The reference of {@code s}: its index in the table + 1 (added when new), 0 for null. */
    private static int index(Map<String, Integer> strings, String s) {
        if (s == null) return 0;
        Integer i = strings.get(s);
        if (i == null) {
            i = strings.size();
            strings.put(s, i);
        }
        return i + 1;
    }

    /**
     * The snapshot of {@code doc}.
     *
     * @throws IllegalArgumentException when the document is not one this build writes (another
     *                                  format, cut short, a reference out of range)
     */
    public static Snapshot decode(byte[] doc) {
        return decode(doc, false);
    }

    /**
     * The snapshot of {@code doc}; {@code lazily}, each GPU's allocations are decoded when first
     * read ({@link LazyAllocations}: for a plan, which reads few of them), though every one is
     * checked now. A reader of every allocation ({@code status}) decodes them at once.
     *
     * @throws IllegalArgumentException as {@link #decode(byte[])}
     */
    public static Snapshot decode(byte[] doc, boolean lazily) {
        try {
            ByteBuffer in = ByteBuffer.wrap(doc);
            if (in.getInt() != MAGIC) throw new IllegalArgumentException("not a snapshot of this format");
            String[] strings = new String[in.getInt()];
            for (int i = 0; i < strings.length; i++) {
                int n = in.getInt();
                strings[i] = new String(doc, in.position(), n, StandardCharsets.UTF_8);
                in.position(in.position() + n);
            }
            int[][] envTable = new int[in.getInt()][];
            for (int e = 0; e < envTable.length; e++) {
                int[] refs = new int[2 * in.getInt()];
                for (int r = 0; r < refs.length; r++) {
                    refs[r] = in.getInt();
                    // checked now: the allocations that use an environment are decoded when first read
                    if (refs[r] < (r % 2 == 0 ? 1 : 0) || refs[r] > strings.length) throw new IllegalArgumentException("an environment's string out of range");
                }
                envTable[e] = refs;
            }
            long revision = in.getLong();
            String cluster = str(in, strings);
            int instances = in.getInt();
            List<Instance> is = new ArrayList<>(instances);
            Map<String, BigDecimal> fractions = new HashMap<>();
            Map<String, Revision> revisions = new HashMap<>(); // one object per revision, as per fraction
            Envs envs = new Envs(envTable.length); // one environment per distinct one (most copies share theirs)
            // one call per instance: compiled after its first few hundred (see instance)
            for (int i = 0; i < instances; i++) is.add(instance(in, strings, envTable, fractions, revisions, envs, lazily));
            int layouts = in.getInt();
            Map<InstanceId, List<String>> ls = new TreeMap<>();
            for (int l = 0; l < layouts; l++) {
                String id = str(in, strings);
                int n = in.getInt();
                List<String> profiles = new ArrayList<>(n);
                for (int p = 0; p < n; p++) profiles.add(str(in, strings));
                ls.put(InstanceId.parse(id), profiles);
            }
            if (in.hasRemaining()) throw new IllegalArgumentException("bytes after the end of the snapshot");
            return new Snapshot(new FleetState(cluster, is, List.of()), revision, ls);
        } catch (java.nio.BufferUnderflowException | IndexOutOfBoundsException | NegativeArraySizeException | NullPointerException e) {
            throw new IllegalArgumentException("the snapshot is cut short or damaged (" + e + ")", e);
        }
    }

    /**
     * One instance of the document. A method of its own, called once per instance, so that the JIT
     * compiles it after its first few hundred calls: a loop over every copy inside {@link #decode}
     * (called once) would run interpreted until the compiler replaced it mid-loop.
     */
    private static Instance instance(ByteBuffer in, String[] strings, int[][] envTable, Map<String, BigDecimal> fractions,
                                     Map<String, Revision> revisions, Envs envs, boolean lazily) {
        String id = str(in, strings), cp = str(in, strings), endpoint = str(in, strings), type = str(in, strings);
        boolean healthy = in.get() != 0;
        String reason = str(in, strings);
        int gpus = in.getInt();
        List<Gpu> gs = new ArrayList<>(gpus);
        for (int g = 0; g < gpus; g++) {
            int index = in.getInt();
            String model = str(in, strings);
            long memory = in.getLong();
            GpuMode mode = MODES[in.get()];
            String fraction = str(in, strings);
            int partitions = in.getInt();
            List<MigPartition> ps = new ArrayList<>(partitions);
            for (int p = 0; p < partitions; p++) ps.add(new MigPartition(str(in, strings), in.getInt(), in.getLong()));
            int allocations = in.getInt();
            List<Allocation> as = List.of();
            if (!lazily) {
                List<Allocation> all = new ArrayList<>(allocations);
                for (int a = 0; a < allocations; a++) all.add(allocation(in, strings, envTable, revisions, envs));
                as = all;
            } else if (allocations != 0) {
                // checked and passed over now, decoded when first read (a plan reads the copies of few GPUs)
                int start = in.position();
                long reserved = skipAllocations(in, allocations, strings.length, envTable.length);
                byte[] doc = in.array();
                as = new LazyAllocations(allocations, reserved, () -> allocations(doc, start, allocations, strings, envTable, revisions, envs));
            }
            gs.add(new Gpu(index, model, memory, mode, fraction == null ? null : fractions.computeIfAbsent(fraction, BigDecimal::new),
                    ps, as));
        }
        if ((cp == null) == (endpoint == null)) throw new IllegalArgumentException("instance " + id + " has not exactly one owner");
        Owner owner = envs.owner(cp, endpoint);
        return new Instance(InstanceId.parse(id), owner, type, healthy, reason, gs);
    }

    /**
     * Moves past {@code count} allocations, checking that each decodes (a task and a container,
     * every reference in range); the MiB their memory limits add up to.
     */
    private static long skipAllocations(ByteBuffer in, int count, int strings, int environments) {
        if (count < 0) throw new IllegalArgumentException("a negative count of allocations");
        long reserved = 0;
        for (int a = 0; a < count; a++) {
            int group = in.getInt(), ordinal = in.getInt(), container = in.getInt();
            if (group < 1 || group > strings || container < 1 || container > strings) {
                throw new IllegalArgumentException("an allocation without a task or a container");
            }
            if (ordinal < -1) throw new IllegalArgumentException("a copy numbered " + ordinal);
            if (in.get() != 0) reserved += in.getLong();
            if (in.get() != 0) in.getInt();
            if (in.get() != 0) {
                checkRef(in.getInt(), strings);
                in.getInt();
            }
            int env = in.getInt();
            if (env < 0 || env >= environments) throw new IllegalArgumentException("an environment out of range");
            checkRef(in.getInt(), strings);
        }
        return reserved;
    }

    private static void checkRef(int ref, int strings) {
        if (ref < 0 || ref > strings) throw new IllegalArgumentException("a string out of range");
    }

    /**
     * The {@code count} allocations stored from {@code start}, checked when the snapshot was read
     * ({@link #skipAllocations}); under the lock of the caches the snapshot's allocations share.
     */
    private static Allocation[] allocations(byte[] doc, int start, int count, String[] strings, int[][] envTable,
                                            Map<String, Revision> revisions, Envs envs) {
        ByteBuffer in = ByteBuffer.wrap(doc);
        in.position(start);
        Allocation[] out = new Allocation[count];
        synchronized (envs) {
            for (int a = 0; a < count; a++) out[a] = allocation(in, strings, envTable, revisions, envs);
        }
        return out;
    }

    private static Allocation allocation(ByteBuffer in, String[] strings, int[][] envTable, Map<String, Revision> revisions,
                                         Envs envs) {
        String group = str(in, strings);
        int ordinal = in.getInt();
        String container = str(in, strings);
        Long memory = in.get() != 0 ? envs.memory(in.getLong()) : null;
        Integer percent = in.get() != 0 ? envs.percent(in.getInt()) : null;
        Allocation.PartitionRef ref = in.get() != 0 ? new Allocation.PartitionRef(str(in, strings), in.getInt()) : null;
        int envIndex = in.getInt();
        if (envIndex < 0 || envIndex >= envTable.length) throw new IllegalArgumentException("an environment out of range");
        Map<String, String> env = envs.get(envIndex, memory, percent, ref);
        boolean known = env != null;
        if (!known) {
            int[] refs = envTable[envIndex];
            env = new TreeMap<>();
            for (int e = 0; e < refs.length; e += 2) env.put(at(refs[e], strings), at(refs[e + 1], strings));
        }
        String revision = str(in, strings);
        if (group == null) throw new IllegalArgumentException("an allocation without a task");
        // an environment already built for the same fields is passed as built (the allocation then keeps it as it is)
        Allocation a = new Allocation(new TaskId(group, ordinal), container, memory, percent, ref, env,
                revision == null ? null : revisions.computeIfAbsent(revision, Revision::parse));
        if (!known) envs.put(envIndex, memory, percent, ref, a.env());
        return a;
    }

    /**
     * The environments built so far, by what each is decoded from: its entry in the table and the
     * fields it is derived with. The last one built for each entry is looked up first (the copies of
     * a service share entry and fields), without hashing; the others by key.
     */
    private static final class Envs {
        private final Long[] memory;
        private final Integer[] percent;
        private final Allocation.PartitionRef[] partition;
        private final List<Map<String, String>> last;
        private final Map<List<Object>, Map<String, String>> others = new HashMap<>();

        /** The last owner made: instances come by owner, and one object per owner makes grouping by it an identity check. */
        private Owner lastOwner;

        Owner owner(String capacityProvider, String endpoint) {
            Owner o = lastOwner;
            boolean same = o instanceof Owner.CapacityProvider c ? c.name().equals(capacityProvider)
                    : o instanceof Owner.Endpoint e && e.name().equals(endpoint);
            if (same) return o;
            return lastOwner = capacityProvider != null ? new Owner.CapacityProvider(capacityProvider) : new Owner.Endpoint(endpoint);
        }

        /** The last memory and percent boxed: copies next to each other mostly share them (one object, not one each). */
        private Long lastMemory;
        private Integer lastPercent;

        Long memory(long v) {
            Long m = lastMemory;
            return m != null && m == v ? m : (lastMemory = v);
        }

        Integer percent(int v) {
            Integer p = lastPercent;
            return p != null && p == v ? p : (lastPercent = v);
        }

        Envs(int entries) {
            memory = new Long[entries];
            percent = new Integer[entries];
            partition = new Allocation.PartitionRef[entries];
            last = new ArrayList<>(java.util.Collections.nCopies(entries, null));
        }

        Map<String, String> get(int env, Long mem, Integer pct, Allocation.PartitionRef part) {
            Map<String, String> m = last.get(env);
            if (m != null && java.util.Objects.equals(memory[env], mem) && java.util.Objects.equals(percent[env], pct)
                    && java.util.Objects.equals(partition[env], part)) {
                return m;
            }
            return others.isEmpty() ? null : others.get(java.util.Arrays.asList(env, mem, pct, part));
        }

        void put(int env, Long mem, Integer pct, Allocation.PartitionRef part, Map<String, String> built) {
            others.put(java.util.Arrays.asList(env, mem, pct, part), built);
            memory[env] = mem;
            percent[env] = pct;
            partition[env] = part;
            last.set(env, built);
        }
    }

    private static String at(int r, String[] strings) {
        return r == 0 ? null : strings[r - 1];
    }

    private static String str(ByteBuffer in, String[] strings) {
        int r = in.getInt();
        return r == 0 ? null : strings[r - 1];
    }
}
