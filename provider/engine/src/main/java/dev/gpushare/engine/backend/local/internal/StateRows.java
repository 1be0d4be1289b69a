package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
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
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a cluster's rows back into a {@link Snapshot}. A row that does not decode (an unknown
 * mode, malformed partitions or env: a damaged or hand-edited file) is a {@link DamagedRow} naming
 * the row and the column, never an exception from deep inside.
 */
public final class StateRows {
    private StateRows() {}

    /** A row of the state file that does not decode; the message names table, row and column. */
    public static final class DamagedRow extends SQLException {
        DamagedRow(String message) {
            super(message);
        }
    }

    /**
     * The cluster's revision: its row's, else the one it was destroyed at (revisions are never
     * reused), else 0.
     */
    public static long revision(Connection c, String cluster) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT revision FROM clusters WHERE name = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) return rs.getLong(1);
            }
        }
        return retired(c, cluster);
    }

    /** The revision a destroyed cluster was left at, or 0. */
    public static long retired(Connection c, String cluster) throws SQLException {
        if (!Ddl.hasTable(c, "retired")) return 0; // an older file opened read-only
        try (PreparedStatement ps = c.prepareStatement("SELECT revision FROM retired WHERE name = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        }
    }

    public static Snapshot read(Connection c, String cluster) throws SQLException {
        long revision = revision(c, cluster);
        record Head(String id, Owner owner, String type, boolean healthy, String reason) {}
        Map<String, Head> heads = new LinkedHashMap<>();
        Map<InstanceId, List<String>> layouts = new TreeMap<>();
        // in no particular order: StateFold.normalize puts instances in InstanceId's order
        forEachRow(c, "SELECT id, capacity_provider, endpoint, instance_type, healthy, health_reason, declared_layout"
                + " FROM instances WHERE cluster = ?", rs -> {
            String id = rs.getString(1);
            String row = "instances row " + id;
            Owner owner = owner(row, rs.getString(2), rs.getString(3));
            heads.put(id, new Head(id, owner, rs.getString(4), rs.getInt(5) != 0, rs.getString(6)));
            List<String> layout = decode(row, () -> Codec.layout(rs.getString(7)));
            if (layout != null) layouts.put(InstanceId.parse(id), layout);
        }, cluster);
        // allocations first, grouped by (instance, gpu), then attached to GPU rows
        Map<String, List<Allocation>> allocs = allocations(c, "", cluster);
        Map<String, List<Gpu>> gpus = new HashMap<>();
        forEachRow(c, "SELECT instance_id, idx, model, memory_mib, mode, fraction, partitions FROM gpus"
                + " WHERE cluster = ? ORDER BY instance_id, idx", rs -> {
            String instanceId = rs.getString(1);
            int idx = rs.getInt(2);
            gpus.computeIfAbsent(instanceId, k -> new ArrayList<>())
                    .add(gpu(rs, allocs.getOrDefault(instanceId + '\u0000' + idx, List.of())));
        }, cluster);
        List<Instance> instances = new ArrayList<>();
        for (Head h : heads.values()) {
            instances.add(new Instance(InstanceId.parse(h.id()), h.owner(), h.type(), h.healthy(), h.reason(),
                    gpus.getOrDefault(h.id(), List.of())));
        }
        FleetState state = StateFold.normalize(new FleetState(cluster, instances, List.of()));
        return new Snapshot(state, revision, layouts).withRollouts(RolloutRows.read(c, cluster));
    }

    /** Allocations by {@code instance_id + NUL + gpu_idx}; {@code where} narrows {@code cluster = ?} with more parameters. */
    private static Map<String, List<Allocation>> allocations(Connection c, String where, String... params) throws SQLException {
        Map<String, List<Allocation>> allocs = new HashMap<>();
        // a version-3 file opened read-only has no revision column: its copies read as unknown
        String revisionColumn = Ddl.hasColumn(c, "allocations", "revision") ? "revision" : "NULL";
        forEachRow(c, "SELECT instance_id, gpu_idx, task, container, memory_mib, max_compute_percent,"
                + " partition_profile, partition_start, env, " + revisionColumn + " FROM allocations WHERE cluster = ?"
                + where, rs -> {
            long mem = rs.getLong(5);
            Long memory = rs.wasNull() ? null : mem;
            int pct = rs.getInt(6);
            Integer percent = rs.wasNull() ? null : pct;
            String profile = rs.getString(7);
            Allocation.PartitionRef ref = profile == null ? null : new Allocation.PartitionRef(profile, rs.getInt(8));
            String row = "allocations row of " + rs.getString(3) + " on " + rs.getString(1) + " GPU " + rs.getInt(2);
            Map<String, String> env = decode(row, () -> Codec.env(rs.getString(9)));
            allocs.computeIfAbsent(rs.getString(1) + '\u0000' + rs.getInt(2), k -> new ArrayList<>())
                    .add(new Allocation(TaskId.parse(rs.getString(3)), rs.getString(4), memory, percent, ref, env,
                            rs.getString(10) == null ? null : Revision.parse(rs.getString(10))));
        }, params);
        return allocs;
    }

    /** One instance with its GPUs and their allocations (what an apply-time check folds a batch over), or empty. */
    public static Optional<Instance> instance(Connection c, String cluster, InstanceId instance) throws SQLException {
        String id = instance.toString();
        Instance head = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT capacity_provider, endpoint, instance_type, healthy,"
                + " health_reason FROM instances WHERE cluster = ? AND id = ?")) {
            ps.setString(1, cluster);
            ps.setString(2, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) head = new Instance(instance, owner("instances row " + id, rs.getString(1), rs.getString(2)),
                        rs.getString(3), rs.getInt(4) != 0, rs.getString(5), List.of());
            }
        }
        if (head == null) return Optional.empty();
        Map<String, List<Allocation>> allocs = allocations(c, " AND instance_id = ?", cluster, id);
        List<Gpu> gpus = new ArrayList<>();
        forEachRow(c, "SELECT instance_id, idx, model, memory_mib, mode, fraction, partitions FROM gpus"
                + " WHERE cluster = ? AND instance_id = ? ORDER BY idx",
                rs -> gpus.add(gpu(rs, allocs.getOrDefault(id + '\u0000' + rs.getInt(2), List.of()))), cluster, id);
        return Optional.of(head.withGpus(gpus));
    }

    /** The layout an instance was launched with, or null (no such instance, or none declared). */
    public static List<String> layout(Connection c, String cluster, InstanceId instance) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT declared_layout FROM instances WHERE cluster = ? AND id = ?")) {
            ps.setString(1, cluster);
            ps.setString(2, instance.toString());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return null;
                String text = rs.getString(1);
                return decode("instances row " + instance, () -> Codec.layout(text));
            }
        }
    }

    /** The instances holding copies of {@code task}. */
    public static List<InstanceId> holding(Connection c, String cluster, TaskId task) throws SQLException {
        List<InstanceId> out = new ArrayList<>();
        forEachRow(c, "SELECT DISTINCT instance_id FROM allocations WHERE cluster = ? AND task = ?",
                rs -> out.add(InstanceId.parse(rs.getString(1))), cluster, task.toString());
        return out;
    }

    /** A GPU from {@code instance_id, idx, model, memory_mib, mode, fraction, partitions}. */
    private static Gpu gpu(ResultSet rs, List<Allocation> allocations) throws SQLException {
        String row = "gpus row of instance " + rs.getString(1) + ", GPU " + rs.getInt(2);
        String mode = rs.getString(5);
        GpuMode m = decode(row, () -> {
            try {
                return GpuMode.valueOf(mode);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException("mode '" + mode + "' is not a GPU mode");
            }
        });
        String fraction = rs.getString(6);
        BigDecimal f = fraction == null ? null : decode(row, () -> {
            try {
                return new BigDecimal(fraction);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("fraction '" + fraction + "' is not a number");
            }
        });
        String partitions = rs.getString(7);
        return new Gpu(rs.getInt(2), rs.getString(3), rs.getLong(4), m, f, decode(row, () -> Codec.partitions(partitions)),
                allocations);
    }

    /** The owner from the {@code capacity_provider} and {@code endpoint} columns: exactly one is set. */
    private static Owner owner(String row, String capacityProvider, String endpoint) throws DamagedRow {
        if ((capacityProvider == null) == (endpoint == null)) {
            throw new DamagedRow(dev.gpushare.model.io.Printable.line(row + ": capacity_provider and endpoint: exactly one must be set"));
        }
        return capacityProvider != null ? new Owner.CapacityProvider(capacityProvider) : new Owner.Endpoint(endpoint);
    }

    @FunctionalInterface
    private interface Decoder<T> {
        T decode() throws SQLException;
    }

    private static <T> T decode(String row, Decoder<T> d) throws SQLException {
        try {
            return d.decode();
        } catch (IllegalArgumentException e) {
            throw new DamagedRow(row + ": " + dev.gpushare.model.io.Printable.line(e.getMessage()));
        }
    }

    public static List<String> clusters(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        forEachRow(c, "SELECT name FROM clusters ORDER BY name", rs -> out.add(rs.getString(1)));
        return out;
    }

    /** Reads one result row (a step of {@link #forEachRow}). */
    @FunctionalInterface
    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs query {@code sql} with {@code params} bound in order and hands each row to {@code each}. */
    private static void forEachRow(Connection c, String sql, RowReader each, String... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) ps.setString(i + 1, params[i]);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) each.read(rs);
            }
        }
    }
}
