package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes a batch as row changes derived from the one transition: the instances the batch touches
 * are folded by {@link StateFold.Fold} and each is written as the difference between it before and
 * after (instance row, GPU rows, allocation rows), inside the caller's transaction. There is no
 * second definition of what an action means here, only of how an instance is stored.
 */
public final class BatchRows {
    private BatchRows() {}

    /** The state before the batch, an instance at a time. */
    public interface Before {
        /** The instance as stored, with its allocations, or null. */
        Instance instance(InstanceId id) throws SQLException;

        /** Its declared layout, or null. */
        List<String> layout(InstanceId id) throws SQLException;

        /** The instances holding copies of {@code task} (a superset will do). */
        List<InstanceId> holding(TaskId task) throws SQLException;
    }

    /** The stored state as a {@link Before}: the kept fold when it is current. */
    public static Before of(StateFold.Fold fold) {
        return new Before() {
            @Override public Instance instance(InstanceId id) { return fold.instance(id); }
            @Override public List<String> layout(InstanceId id) { return fold.layout(id); }
            @Override public List<InstanceId> holding(TaskId task) { return fold.holding(task); }
        };
    }

    /** The stored state read from the rows inside the transaction. */
    public static Before of(Connection c, String cluster) {
        return new Before() {
            @Override public Instance instance(InstanceId id) throws SQLException {
                return StateRows.instance(c, cluster, id).orElse(null);
            }
            @Override public List<String> layout(InstanceId id) throws SQLException { return StateRows.layout(c, cluster, id); }
            @Override public List<InstanceId> holding(TaskId task) throws SQLException { return StateRows.holding(c, cluster, task); }
        };
    }

    public static void write(Connection c, String cluster, List<Action> batch, Before before) throws SQLException {
        StateFold.Fold fold = StateFold.Fold.empty(cluster);
        Map<InstanceId, Instance> was = new LinkedHashMap<>();
        Map<InstanceId, List<String>> wasLayout = new HashMap<>();
        for (Action a : batch) {
            for (InstanceId id : StateFold.named(a)) load(id, before, fold, was, wasLayout);
            TaskId task = switch (a) {
                case Action.PlaceCopy p -> p.task();
                case Action.MoveCopy m -> m.task();
                case Action.StopCopy s -> s.task();
                default -> null;
            };
            if (task != null) for (InstanceId id : before.holding(task)) load(id, before, fold, was, wasLayout);
        }
        for (Action a : batch) fold.step(a);
        try (Statements s = new Statements(c)) {
            for (Map.Entry<InstanceId, Instance> e : was.entrySet()) {
                InstanceId id = e.getKey();
                s.write(cluster, id, e.getValue(), wasLayout.get(id), fold.instance(id), fold.layout(id));
            }
        }
        RolloutRows.write(c, cluster, batch);
    }

    private static void load(InstanceId id, Before before, StateFold.Fold fold, Map<InstanceId, Instance> was,
                             Map<InstanceId, List<String>> wasLayout) throws SQLException {
        if (was.containsKey(id)) return;
        Instance i = before.instance(id);
        List<String> layout = i == null ? null : before.layout(id);
        was.put(id, i);
        wasLayout.put(id, layout);
        if (i != null) fold.load(i, layout);
    }

    /** The row statements of one batch. */
    private static final class Statements implements AutoCloseable {
        final PreparedStatement deleteAllocations, deleteGpus, deleteInstance, upsertInstance, upsertGpu, deleteGpu,
                deleteGpuAllocations, deleteAllocation, upsertAllocation;

        Statements(Connection c) throws SQLException {
            deleteAllocations = c.prepareStatement("DELETE FROM allocations WHERE cluster = ? AND instance_id = ?");
            deleteGpus = c.prepareStatement("DELETE FROM gpus WHERE cluster = ? AND instance_id = ?");
            deleteInstance = c.prepareStatement("DELETE FROM instances WHERE cluster = ? AND id = ?");
            upsertInstance = c.prepareStatement("INSERT OR REPLACE INTO instances(cluster, id, capacity_provider, endpoint,"
                    + " instance_type, healthy, health_reason, declared_layout) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
            upsertGpu = c.prepareStatement("INSERT OR REPLACE INTO gpus(cluster, instance_id, idx, model, memory_mib, mode,"
                    + " fraction, partitions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
            deleteGpu = c.prepareStatement("DELETE FROM gpus WHERE cluster = ? AND instance_id = ? AND idx = ?");
            deleteGpuAllocations = c.prepareStatement("DELETE FROM allocations WHERE cluster = ? AND instance_id = ? AND gpu_idx = ?");
            deleteAllocation = c.prepareStatement("DELETE FROM allocations WHERE cluster = ? AND task = ? AND instance_id = ?"
                    + " AND gpu_idx = ? AND container = ?");
            upsertAllocation = c.prepareStatement("INSERT OR REPLACE INTO allocations(cluster, task, instance_id, gpu_idx,"
                    + " container, memory_mib, max_compute_percent, partition_profile, partition_start, env, revision)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        }

        /** The rows that turn {@code before} (null: none) into {@code after} (null: gone). */
        void write(String cluster, InstanceId id, Instance before, List<String> layoutBefore, Instance after,
                   List<String> layoutAfter) throws SQLException {
            if (after == null) {
                if (before != null) {
                    for (PreparedStatement ps : List.of(deleteAllocations, deleteGpus, deleteInstance)) {
                        ps.setString(1, cluster);
                        ps.setString(2, id.toString());
                        ps.executeUpdate();
                    }
                }
                return;
            }
            if (before == null || !sameHead(before, after) || !Objects.equals(layoutBefore, layoutAfter)) {
                instance(cluster, after, layoutAfter);
            }
            Map<Integer, Gpu> had = new HashMap<>();
            if (before != null) for (Gpu g : before.gpus()) had.put(g.index(), g);
            for (Gpu g : after.gpus()) {
                Gpu old = had.remove(g.index());
                if (old == null || !sameConfig(old, g)) gpu(cluster, id, g);
                allocations(cluster, id, g.index(), old == null ? List.of() : old.allocations(), g.allocations());
            }
            for (Gpu gone : had.values()) {
                for (PreparedStatement ps : List.of(deleteGpuAllocations, deleteGpu)) {
                    ps.setString(1, cluster);
                    ps.setString(2, id.toString());
                    ps.setInt(3, gone.index());
                    ps.executeUpdate();
                }
            }
        }

        private void instance(String cluster, Instance i, List<String> layout) throws SQLException {
            upsertInstance.setString(1, cluster);
            upsertInstance.setString(2, i.id().toString());
            upsertInstance.setString(3, i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null);
            upsertInstance.setString(4, i.owner() instanceof Owner.Endpoint e ? e.name() : null);
            upsertInstance.setString(5, i.instanceType());
            upsertInstance.setInt(6, i.healthy() ? 1 : 0);
            upsertInstance.setString(7, i.healthReason());
            upsertInstance.setString(8, Codec.layout(layout));
            upsertInstance.executeUpdate();
        }

        private void gpu(String cluster, InstanceId id, Gpu g) throws SQLException {
            upsertGpu.setString(1, cluster);
            upsertGpu.setString(2, id.toString());
            upsertGpu.setInt(3, g.index());
            upsertGpu.setString(4, g.model());
            upsertGpu.setLong(5, g.memoryMiB());
            upsertGpu.setString(6, g.mode().name());
            upsertGpu.setString(7, g.fraction() == null ? null : g.fraction().toPlainString());
            upsertGpu.setString(8, Codec.partitions(g.partitions()));
            upsertGpu.executeUpdate();
        }

        /** One allocation row per (task, container) on the GPU: removed, changed and new ones written. */
        private void allocations(String cluster, InstanceId id, int gpu, List<Allocation> before, List<Allocation> after)
                throws SQLException {
            if (before.equals(after)) return;
            record Key(TaskId task, String container) {}
            Map<Key, Allocation> had = new HashMap<>();
            for (Allocation a : before) had.put(new Key(a.task(), a.container()), a);
            for (Allocation a : after) {
                Allocation old = had.remove(new Key(a.task(), a.container()));
                if (!a.equals(old)) allocation(cluster, id, gpu, a);
            }
            for (Allocation gone : had.values()) {
                deleteAllocation.setString(1, cluster);
                deleteAllocation.setString(2, gone.task().toString());
                deleteAllocation.setString(3, id.toString());
                deleteAllocation.setInt(4, gpu);
                deleteAllocation.setString(5, gone.container());
                deleteAllocation.executeUpdate();
            }
        }

        private void allocation(String cluster, InstanceId id, int gpu, Allocation a) throws SQLException {
            PreparedStatement ps = upsertAllocation;
            ps.setString(1, cluster);
            ps.setString(2, a.task().toString());
            ps.setString(3, id.toString());
            ps.setInt(4, gpu);
            ps.setString(5, a.container());
            if (a.memoryMiB() == null) ps.setNull(6, Types.INTEGER); else ps.setLong(6, a.memoryMiB());
            if (a.maxComputePercent() == null) ps.setNull(7, Types.INTEGER); else ps.setInt(7, a.maxComputePercent());
            if (a.partition() == null) {
                ps.setNull(8, Types.VARCHAR);
                ps.setNull(9, Types.INTEGER);
            } else {
                ps.setString(8, a.partition().profile());
                ps.setInt(9, a.partition().start());
            }
            ps.setString(10, Codec.env(a.env()));
            if (a.revision() == null) ps.setNull(11, Types.VARCHAR); else ps.setString(11, a.revision().value());
            ps.executeUpdate();
        }

        private static boolean sameHead(Instance a, Instance b) {
            return a.owner().equals(b.owner()) && a.instanceType().equals(b.instanceType()) && a.healthy() == b.healthy()
                    && Objects.equals(a.healthReason(), b.healthReason());
        }

        private static boolean sameConfig(Gpu a, Gpu b) {
            return a.model().equals(b.model()) && a.memoryMiB() == b.memoryMiB() && a.mode() == b.mode()
                    && Objects.equals(a.fraction(), b.fraction()) && a.partitions().equals(b.partitions());
        }

        @Override
        public void close() throws SQLException {
            for (PreparedStatement ps : List.of(deleteAllocations, deleteGpus, deleteInstance, upsertInstance, upsertGpu,
                    deleteGpu, deleteGpuAllocations, deleteAllocation, upsertAllocation)) {
                ps.close();
            }
        }
    }
}
