package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Writes the effect of one action as a few row changes, inside the caller's transaction. The
 * effects are those of {@link dev.gpushare.engine.plan.StateFold}; every one is idempotent.
 */
public final class ActionWriter implements AutoCloseable {
    private final PreparedStatement deleteInstanceAllocations, deleteGpus, deleteInstance, upsertInstance,
            insertGpu, configureGpu, deleteTaskAllocations, insertAllocation;

    public ActionWriter(Connection c) throws SQLException {
        deleteInstanceAllocations = c.prepareStatement("DELETE FROM allocations WHERE cluster = ? AND instance_id = ?");
        deleteGpus = c.prepareStatement("DELETE FROM gpus WHERE cluster = ? AND instance_id = ?");
        deleteInstance = c.prepareStatement("DELETE FROM instances WHERE cluster = ? AND id = ?");
        upsertInstance = c.prepareStatement("INSERT OR REPLACE INTO instances(cluster, id, capacity_provider, endpoint,"
                + " instance_type, healthy, health_reason, declared_layout) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        insertGpu = c.prepareStatement("INSERT OR REPLACE INTO gpus(cluster, instance_id, idx, model, memory_mib, mode,"
                + " fraction, partitions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        configureGpu = c.prepareStatement("UPDATE gpus SET mode = ?, fraction = ?, partitions = ?"
                + " WHERE cluster = ? AND instance_id = ? AND idx = ?");
        deleteTaskAllocations = c.prepareStatement("DELETE FROM allocations WHERE cluster = ? AND task = ?");
        // only onto a GPU that exists, as StateFold does
        insertAllocation = c.prepareStatement("INSERT OR REPLACE INTO allocations(cluster, task, instance_id, gpu_idx,"
                + " container, memory_mib, max_compute_percent, partition_profile, partition_start, env, revision)"
                + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM gpus"
                + " WHERE cluster = ? AND instance_id = ? AND idx = ?)");
    }

    public void write(String cluster, Action action) throws SQLException {
        switch (action) {
            case LaunchInstance l -> launch(cluster, l.instance(), l.declaredLayout());
            case ReplaceInstance r -> launch(cluster, r.instance(), r.declaredLayout());
            case ConfigureGpu g -> {
                configureGpu.setString(1, g.mode().name());
                configureGpu.setString(2, g.fraction() == null ? null : g.fraction().toPlainString());
                configureGpu.setString(3, Codec.partitions(g.partitions()));
                configureGpu.setString(4, cluster);
                configureGpu.setString(5, g.instanceId().toString());
                configureGpu.setInt(6, g.gpuIndex());
                configureGpu.executeUpdate();
            }
            case PlaceCopy p -> { stop(cluster, p.task()); place(cluster, p.task(), p.placements()); }
            // one transaction: the new copy and the old copy's removal commit together
            case MoveCopy m -> { stop(cluster, m.task()); place(cluster, m.task(), m.to()); }
            case StopCopy s -> stop(cluster, s.task());
            case TerminateInstance t -> {
                for (PreparedStatement ps : List.of(deleteInstanceAllocations, deleteGpus, deleteInstance)) {
                    ps.setString(1, cluster);
                    ps.setString(2, t.instanceId().toString());
                    ps.executeUpdate();
                }
            }
        }
    }

    private void launch(String cluster, Instance i, List<String> declaredLayout) throws SQLException {
        for (PreparedStatement ps : List.of(deleteInstanceAllocations, deleteGpus)) {
            ps.setString(1, cluster);
            ps.setString(2, i.id().toString());
            ps.executeUpdate();
        }
        upsertInstance.setString(1, cluster);
        upsertInstance.setString(2, i.id().toString());
        upsertInstance.setString(3, i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null);
        upsertInstance.setString(4, i.owner() instanceof Owner.Endpoint e ? e.name() : null);
        upsertInstance.setString(5, i.instanceType());
        upsertInstance.setInt(6, i.healthy() ? 1 : 0);
        upsertInstance.setString(7, i.healthReason());
        upsertInstance.setString(8, Codec.layout(declaredLayout));
        upsertInstance.executeUpdate();
        for (Gpu g : i.gpus()) {
            insertGpu.setString(1, cluster);
            insertGpu.setString(2, i.id().toString());
            insertGpu.setInt(3, g.index());
            insertGpu.setString(4, g.model());
            insertGpu.setLong(5, g.memoryMiB());
            insertGpu.setString(6, g.mode().name());
            insertGpu.setString(7, g.fraction() == null ? null : g.fraction().toPlainString());
            insertGpu.setString(8, Codec.partitions(g.partitions()));
            insertGpu.addBatch();
        }
        insertGpu.executeBatch();
    }

    private void stop(String cluster, TaskId task) throws SQLException {
        deleteTaskAllocations.setString(1, cluster);
        deleteTaskAllocations.setString(2, task.toString());
        deleteTaskAllocations.executeUpdate();
    }

    private void place(String cluster, TaskId task, List<Placement> placements) throws SQLException {
        for (Placement p : placements) {
            Allocation a = p.allocation();
            PreparedStatement ps = insertAllocation;
            ps.setString(1, cluster);
            ps.setString(2, task.toString());
            ps.setString(3, p.instanceId().toString());
            ps.setInt(4, p.gpuIndex());
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
            ps.setString(12, cluster);
            ps.setString(13, p.instanceId().toString());
            ps.setInt(14, p.gpuIndex());
            ps.executeUpdate();
        }
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement ps : List.of(deleteInstanceAllocations, deleteGpus, deleteInstance, upsertInstance,
                insertGpu, configureGpu, deleteTaskAllocations, insertAllocation)) {
            ps.close();
        }
    }
}
