package dev.gpushare.server.internal;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.StateJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The row writes of one batch in {@link PgStore}'s tables, in JDBC batches: an instance's row is
 * its document without allocations, written when that changes; each allocation (a copy's container
 * on a GPU) is a row of its own, written when it is new or changed and deleted when gone. Closing
 * sends what is left. Runs inside the caller's transaction.
 */
final class Rows implements AutoCloseable {
    private static final int BATCH = 1000;

    private final String cluster;
    private final PreparedStatement upInstance;
    private final PreparedStatement delInstances;
    private final PreparedStatement upAllocation;
    private final PreparedStatement delAllocation;
    private final PreparedStatement delAllocations;
    private int pending;

    Rows(Connection c, String cluster) throws SQLException {
        this.cluster = cluster;
        upInstance = c.prepareStatement("INSERT INTO cluster_instances(cluster, instance, doc) VALUES (?, ?, ?)"
                + " ON CONFLICT (cluster, instance) DO UPDATE SET doc = excluded.doc");
        delInstances = c.prepareStatement("DELETE FROM cluster_instances WHERE cluster = ? AND instance = ANY (?)");
        upAllocation = c.prepareStatement("INSERT INTO cluster_allocations(cluster, instance, gpu, task, container, doc)"
                + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (cluster, instance, gpu, task, container) DO UPDATE SET doc = excluded.doc");
        delAllocation = c.prepareStatement("DELETE FROM cluster_allocations WHERE cluster = ? AND instance = ? AND gpu = ?"
                + " AND task = ? AND container = ?");
        delAllocations = c.prepareStatement("DELETE FROM cluster_allocations WHERE cluster = ? AND instance = ANY (?)");
    }

    /** Writes what {@code now} changes of {@code was} (null: a new instance). */
    void instance(Instance was, Instance now) throws SQLException {
        String id = now.id().toString();
        if (was == null || !Objects.equals(bare(was), bare(now))) {
            upInstance.setString(1, cluster);
            upInstance.setString(2, id);
            upInstance.setString(3, ServiceWire.MAPPER.writeValueAsString(StateJson.toTree(bare(now))));
            upInstance.addBatch();
            flushed();
        }
        Map<Key, Allocation> before = was == null ? Map.of() : allocations(was);
        Map<Key, Allocation> after = allocations(now);
        for (Map.Entry<Key, Allocation> e : after.entrySet()) {
            if (e.getValue().equals(before.get(e.getKey()))) continue;
            Key k = e.getKey();
            upAllocation.setString(1, cluster);
            upAllocation.setString(2, id);
            upAllocation.setInt(3, k.gpu());
            upAllocation.setString(4, k.task());
            upAllocation.setString(5, k.container());
            upAllocation.setString(6, ServiceWire.MAPPER.writeValueAsString(StateJson.toTree(e.getValue())));
            upAllocation.addBatch();
            flushed();
        }
        for (Key k : before.keySet()) {
            if (after.containsKey(k)) continue;
            delAllocation.setString(1, cluster);
            delAllocation.setString(2, id);
            delAllocation.setInt(3, k.gpu());
            delAllocation.setString(4, k.task());
            delAllocation.setString(5, k.container());
            delAllocation.addBatch();
            flushed();
        }
    }

    /** Deletes the rows of instances the batch removed, and of their allocations. */
    void gone(Collection<InstanceId> ids) throws SQLException {
        if (ids.isEmpty()) return;
        String[] names = ids.stream().map(InstanceId::toString).toArray(String[]::new);
        for (PreparedStatement ps : List.of(delInstances, delAllocations)) {
            ps.setString(1, cluster);
            ps.setArray(2, ps.getConnection().createArrayOf("text", names));
            ps.executeUpdate();
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
        } finally {
            for (PreparedStatement ps : List.of(upInstance, delInstances, upAllocation, delAllocation, delAllocations)) ps.close();
        }
    }

    /** The instance with its GPUs' allocations left out: what its own row holds. */
    private static Instance bare(Instance i) {
        List<Gpu> gpus = new ArrayList<>(i.gpus().size());
        for (Gpu g : i.gpus()) gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), List.of()));
        return i.withGpus(gpus);
    }

    private record Key(int gpu, String task, String container) {}

    private static Map<Key, Allocation> allocations(Instance i) {
        Map<Key, Allocation> out = new HashMap<>();
        for (Gpu g : i.gpus()) {
            for (Allocation a : g.allocations()) out.put(new Key(g.index(), a.task().toString(), a.container()), a);
        }
        return out;
    }

    private void flushed() throws SQLException {
        if (++pending >= BATCH) flush();
    }

    private void flush() throws SQLException {
        if (pending == 0) return;
        // the upserts and the deletes name disjoint keys (a key is in the new state or gone), so their order does not matter
        upInstance.executeBatch();
        upAllocation.executeBatch();
        delAllocation.executeBatch();
        pending = 0;
    }
}
