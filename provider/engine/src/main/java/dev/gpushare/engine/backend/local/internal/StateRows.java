package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads a cluster's rows back into a {@link Snapshot}. */
public final class StateRows {
    private StateRows() {}

    public static long revision(Connection c, String cluster) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT revision FROM clusters WHERE name = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        }
    }

    public static Snapshot read(Connection c, String cluster) throws SQLException {
        long revision = revision(c, cluster);
        record Head(String id, String cp, String endpoint, String type, boolean healthy, String reason) {}
        Map<String, Head> heads = new LinkedHashMap<>();
        Map<String, List<String>> layouts = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, capacity_provider, endpoint, instance_type, healthy,"
                + " health_reason, declared_layout FROM instances WHERE cluster = ? ORDER BY id")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String id = rs.getString(1);
                    heads.put(id, new Head(id, rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5) != 0, rs.getString(6)));
                    List<String> layout = Codec.layout(rs.getString(7));
                    if (layout != null) layouts.put(id, layout);
                }
            }
        }
        // allocations first, grouped by (instance, gpu), then attached to GPU rows
        Map<String, List<Allocation>> allocs = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT instance_id, gpu_idx, task, container, memory_mib,"
                + " max_compute_percent, partition_profile, partition_start, env FROM allocations WHERE cluster = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long mem = rs.getLong(5);
                    Long memory = rs.wasNull() ? null : mem;
                    int pct = rs.getInt(6);
                    Integer percent = rs.wasNull() ? null : pct;
                    String profile = rs.getString(7);
                    Allocation.PartitionRef ref = profile == null ? null : new Allocation.PartitionRef(profile, rs.getInt(8));
                    allocs.computeIfAbsent(rs.getString(1) + '\u0000' + rs.getInt(2), k -> new ArrayList<>())
                            .add(new Allocation(rs.getString(3), rs.getString(4), memory, percent, ref, Codec.env(rs.getString(9))));
                }
            }
        }
        Map<String, List<Gpu>> gpus = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT instance_id, idx, model, memory_mib, mode, fraction,"
                + " partitions FROM gpus WHERE cluster = ? ORDER BY instance_id, idx")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String instanceId = rs.getString(1);
                    int idx = rs.getInt(2);
                    String fraction = rs.getString(6);
                    gpus.computeIfAbsent(instanceId, k -> new ArrayList<>()).add(new Gpu(idx, rs.getString(3), rs.getLong(4),
                            GpuMode.valueOf(rs.getString(5)), fraction == null ? null : new BigDecimal(fraction),
                            Codec.partitions(rs.getString(7)), allocs.getOrDefault(instanceId + '\u0000' + idx, List.of())));
                }
            }
        }
        List<Instance> instances = new ArrayList<>();
        for (Head h : heads.values()) {
            instances.add(new Instance(h.id(), h.cp(), h.endpoint(), h.type(), h.healthy(), h.reason(),
                    gpus.getOrDefault(h.id(), List.of())));
        }
        FleetState state = StateFold.normalize(new FleetState(cluster, instances, List.of()));
        return new Snapshot(state, revision, layouts);
    }

    public static List<String> clusters(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM clusters ORDER BY name");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }
}
