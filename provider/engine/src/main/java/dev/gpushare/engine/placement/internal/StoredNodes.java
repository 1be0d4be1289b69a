package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The placement nodes of a {@link Memo} in a compact binary record, so that a fresh process
 * planning from a stored baseline seeds its change-set run from them instead of working them out
 * again from every copy of the pool ({@link Restore}: the full path's {@link Keeper} and run). A
 * node's figures only (free host CPU and memory, copies, idle GPUs; per GPU its mode, free memory,
 * clients, slots and partitions used): the allocations are the instance's own, taken from the state
 * the record was stored with. Derived data, like the stored snapshot it is kept with: used only at
 * exactly the revision it was written for (the caller's concern), and a record that does not fit
 * the pool or the instances as they are (another owner, GPU count, layout, instance number, an
 * unhealthy instance, a truncated or damaged document) is not used: the nodes are rebuilt.
 *
 * <p>With the nodes, each pool's index of which copy is where ({@link Index}: per group, per copy
 * number, the instance number; per node, the groups on it), so that a restore does not read every
 * allocation of the state to find it ({@link PoolMemo#restored}); an index that does not name
 * exactly the groups and copy counts of the spec being restored is not used.
 *
 * <p>Layout: magic and format; the pools (count), each its owner (kind, name as UTF-8), GPUs per instance,
 * MIG partitions per GPU and nodes (count), then each node: instance number, free CPU units and
 * memory MiB, copies, idle GPUs, and per GPU: mode, free memory MiB, clients, slots used, the
 * partitions used as a bit mask (at most 64 partitions; a layout with more is not recorded); then
 * the index: the groups with copies (count; -1 for no index), each its name, copies (count) and each copy's
 * instance number, in name order; then per node the groups on it (count, each its position in
 * that order, ascending). Format 1, the same without the index, is still read.
 */
public final class StoredNodes {
    /** "GSN" and the format number (2: with the index): a record of another format is not read. */
    static final int MAGIC = 0x47534E02;
    /** Format 1, written before the index: its nodes are read, its pools have no index. */
    static final int MAGIC_WITHOUT_INDEX = 0x47534E01;
    private static final GpuMode[] MODES = GpuMode.values();

    /** Per owner, where its pool's nodes start in the record. */
    private final Map<Owner, Integer> offsets;
    /** Per owner, where its pool's index starts (absent: none). */
    private final Map<Owner, Integer> indexes;
    private final byte[] doc;

    private StoredNodes(byte[] doc, Map<Owner, Integer> offsets, Map<Owner, Integer> indexes) {
        this.doc = doc;
        this.offsets = offsets;
        this.indexes = indexes;
    }

    /**
     * A pool's index as recorded: per group, per copy number, the instance number its copy is on;
     * per node (in instance-number order), the groups on it.
     */
    record Index(Map<String, int[]> where, List<String[]> groupsOn) {}

    /**
     * The record of every pool of {@code memo} whose nodes are known (worked out now where they
     * were not yet), or null when none is.
     */
    public static byte[] encode(Memo memo) {
        List<Map.Entry<Owner, PoolMemo>> pools = new ArrayList<>();
        memo.forEach((owner, pool) -> {
            if (pool != null && pool.nodes() != null) pools.add(Map.entry(owner, pool));
        });
        pools.removeIf(e -> !recordable(e.getValue().nodes()));
        if (pools.isEmpty()) return null;
        pools.sort(Map.Entry.comparingByKey(java.util.Comparator.comparing(Owner::field).thenComparing(Owner::name)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 14);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(pools.size());
            for (Map.Entry<Owner, PoolMemo> e : pools) {
                List<Node> nodes = e.getValue().nodes();
                out.writeBoolean(e.getKey() instanceof Owner.Endpoint);
                byte[] name = e.getKey().name().getBytes(StandardCharsets.UTF_8);
                out.writeInt(name.length);
                out.write(name);
                out.writeInt(nodes.isEmpty() ? 0 : nodes.getFirst().gpus.length);
                out.writeInt(nodes.isEmpty() || nodes.getFirst().gpus.length == 0 ? 0 : nodes.getFirst().gpus[0].parts.size());
                out.writeInt(nodes.size());
                for (Node n : nodes) {
                    out.writeInt(n.number);
                    out.writeLong(n.cpuFree);
                    out.writeLong(n.memFree);
                    out.writeInt(n.copies);
                    out.writeInt(n.idleGpus);
                    for (GpuSlot g : n.gpus) {
                        out.writeByte(g.mode.ordinal());
                        out.writeLong(g.memFree);
                        out.writeInt(g.clients);
                        out.writeInt(g.slotsUsed);
                        long used = 0;
                        for (int p = 0; p < g.partUsed.length; p++) if (g.partUsed[p]) used |= 1L << p;
                        out.writeLong(used);
                    }
                }
                index(out, e.getValue(), nodes.size());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes the pool's index (-1 when its groups per node are not one per node). */
    private static void index(DataOutputStream out, PoolMemo memo, int nodes) throws IOException {
        if (memo.groupsOn.size() != nodes) {
            out.writeInt(-1);
            return;
        }
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, int[]> e : memo.where.entrySet()) if (e.getValue().length > 0) names.add(e.getKey());
        names.sort(null); // the groups with copies (a memo may or may not name a group of none)
        Map<String, Integer> position = HashMap.newHashMap(names.size());
        out.writeInt(names.size());
        for (String g : names) {
            position.put(g, position.size());
            byte[] name = g.getBytes(StandardCharsets.UTF_8);
            out.writeInt(name.length);
            out.write(name);
            int[] where = memo.where.get(g);
            out.writeInt(where.length);
            for (int n : where) out.writeInt(n);
        }
        for (String[] on : memo.groupsOn) {
            int[] at = new int[on.length];
            for (int k = 0; k < on.length; k++) at[k] = position.get(on[k]);
            Arrays.sort(at); // one record for one arrangement, whichever order the groups were met in
            out.writeInt(at.length);
            for (int x : at) out.writeInt(x);
        }
    }

    /** Nodes alike in shape (the pool's GPUs and layout), healthy, with at most 64 partitions per GPU. */
    private static boolean recordable(List<Node> nodes) {
        if (nodes.isEmpty()) return true;
        int gpus = nodes.getFirst().gpus.length;
        int parts = gpus == 0 ? 0 : nodes.getFirst().gpus[0].parts.size();
        if (parts > 64) return false;
        for (Node n : nodes) {
            if (n.closed || n.gpus.length != gpus) return false;
            for (GpuSlot g : n.gpus) if (g.parts.size() != parts) return false;
        }
        return true;
    }

    /** The record read back (only its pools' positions: a pool's nodes are read when asked), or null when it is not one. */
    public static StoredNodes read(byte[] doc) {
        if (doc == null) return null;
        try {
            ByteBuffer in = ByteBuffer.wrap(doc);
            int magic = in.getInt();
            if (magic != MAGIC && magic != MAGIC_WITHOUT_INDEX) return null;
            int pools = in.getInt();
            if (pools < 0) return null;
            Map<Owner, Integer> offsets = HashMap.newHashMap(pools);
            Map<Owner, Integer> indexes = HashMap.newHashMap(pools);
            for (int p = 0; p < pools; p++) {
                boolean endpoint = in.get() != 0;
                String name = utf(in);
                Owner owner = endpoint ? new Owner.Endpoint(name) : new Owner.CapacityProvider(name);
                int start = in.position();
                int gpus = in.getInt(), parts = in.getInt(), nodes = in.getInt();
                if (gpus < 0 || parts < 0 || parts > 64 || nodes < 0) return null;
                long size = 12 + (long) nodes * (28 + 25L * gpus);
                if (start + size > doc.length) return null;
                in.position((int) (start + size));
                offsets.put(owner, start);
                if (magic == MAGIC) {
                    int index = in.position();
                    if (skipIndex(in, nodes)) indexes.put(owner, index);
                }
            }
            return in.hasRemaining() ? null : new StoredNodes(doc, offsets, indexes);
        } catch (BufferUnderflowException | IllegalArgumentException damaged) {
            return null;
        }
    }

    /**
     * The nodes of {@code pool}, one per instance of {@code instances} (the pool's, in id order) with
     * that instance's allocations, by instance number; null when the record has none for the pool or
     * does not fit it and its instances as they are.
     */
    List<Node> nodes(Pool pool, List<Instance> instances) {
        Integer at = offsets.get(pool.owner());
        if (at == null) return null;
        ByteBuffer in = ByteBuffer.wrap(doc);
        in.position(at);
        int gpus = in.getInt(), parts = in.getInt(), count = in.getInt();
        if (count != instances.size() || (count > 0 && (gpus != pool.gpuCount() || parts != pool.layout().size()))) return null;
        List<Node> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            Instance i = instances.get(k);
            int number = in.getInt();
            if (!i.healthy() || i.id().ordinal() != number || !i.id().of(pool.owner()) || i.gpus().size() != gpus) return null;
            Node n = new Node(number, 0, pool, false, null);
            n.cpuFree = in.getLong();
            n.memFree = in.getLong();
            n.copies = in.getInt();
            n.idleGpus = in.getInt();
            for (int g = 0; g < gpus; g++) {
                Gpu state = i.gpus().get(g);
                int mode = in.get();
                if (state.index() != g || mode < 0 || mode >= MODES.length) return null;
                GpuSlot s = n.gpus[g];
                s.mode = MODES[mode];
                s.memFree = in.getLong();
                s.clients = in.getInt();
                s.slotsUsed = in.getInt();
                long used = in.getLong();
                for (int p = 0; p < s.partUsed.length; p++) s.partUsed[p] = (used & (1L << p)) != 0;
                s.adopt(state.allocations());
            }
            out.add(n);
        }
        return out;
    }

    /** Moves past an index; false when the pool has none. Throws on one cut short or damaged. */
    private static boolean skipIndex(ByteBuffer in, int nodes) {
        int groups = in.getInt();
        if (groups == -1) return false;
        if (groups < 0) throw new IllegalArgumentException("a negative count of groups");
        for (int g = 0; g < groups; g++) {
            int name = in.getInt();
            if (name < 0) throw new IllegalArgumentException("a negative name length");
            in.position(in.position() + name);
            skipInts(in);
        }
        for (int n = 0; n < nodes; n++) skipInts(in);
        return true;
    }

    private static void skipInts(ByteBuffer in) {
        int count = in.getInt();
        if (count < 0 || count > in.remaining() / 4) throw new IllegalArgumentException("a list past the record's end");
        in.position(in.position() + 4 * count);
    }

    /**
     * The index of the pool of {@code owner} with {@code nodes} nodes, or null when the record has
     * none for it or it does not fit (a group position out of range, another count of nodes).
     */
    Index index(Owner owner, int nodes) {
        Integer at = indexes.get(owner);
        Integer start = offsets.get(owner);
        if (at == null || start == null || ByteBuffer.wrap(doc, start + 8, 4).getInt() != nodes) return null;
        ByteBuffer in = ByteBuffer.wrap(doc);
        in.position(at);
        int groups = in.getInt();
        String[] names = new String[groups];
        Map<String, int[]> where = HashMap.newHashMap(groups);
        for (int g = 0; g < groups; g++) {
            names[g] = utf(in);
            int[] w = new int[in.getInt()];
            in.asIntBuffer().get(w);
            in.position(in.position() + 4 * w.length);
            if (where.put(names[g], w) != null) return null;
        }
        List<String[]> groupsOn = new ArrayList<>(nodes);
        for (int n = 0; n < nodes; n++) {
            String[] on = new String[in.getInt()];
            for (int k = 0; k < on.length; k++) {
                int g = in.getInt();
                if (g < 0 || g >= groups) return null;
                on[k] = names[g];
            }
            groupsOn.add(on);
        }
        return new Index(where, groupsOn);
    }

    private static String utf(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) throw new IllegalArgumentException("a name past the record's end");
        byte[] b = new byte[length];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
