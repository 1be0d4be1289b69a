package dev.gpushare.engine.backend.local.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The local store's tables. Normalized (instance, GPU and allocation rows) so that one action is a
 * few small row writes, never a rewrite of the whole fleet.
 */
public final class Ddl {
    /** Bumped when the tables change incompatibly; stored as {@code PRAGMA user_version}. */
    public static final int VERSION = 4;

    private static final String[] STATEMENTS = {
        "CREATE TABLE IF NOT EXISTS clusters(name TEXT PRIMARY KEY, revision INTEGER NOT NULL) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS instances(cluster TEXT NOT NULL, id TEXT NOT NULL, capacity_provider TEXT,"
            + " endpoint TEXT, instance_type TEXT NOT NULL, healthy INTEGER NOT NULL, health_reason TEXT,"
            + " declared_layout TEXT, PRIMARY KEY(cluster, id)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS gpus(cluster TEXT NOT NULL, instance_id TEXT NOT NULL, idx INTEGER NOT NULL,"
            + " model TEXT NOT NULL, memory_mib INTEGER NOT NULL, mode TEXT NOT NULL, fraction TEXT,"
            + " partitions TEXT NOT NULL, PRIMARY KEY(cluster, instance_id, idx)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS allocations(cluster TEXT NOT NULL, task TEXT NOT NULL, instance_id TEXT NOT NULL,"
            + " gpu_idx INTEGER NOT NULL, container TEXT NOT NULL, memory_mib INTEGER, max_compute_percent INTEGER,"
            + " partition_profile TEXT, partition_start INTEGER, env TEXT NOT NULL,"
            + " PRIMARY KEY(cluster, task, instance_id, gpu_idx, container)) WITHOUT ROWID",
        "CREATE INDEX IF NOT EXISTS allocations_by_instance ON allocations(cluster, instance_id)",
        // version 2: the declared resources of front doors that declare one resource at a time
        // (the Pulumi provider); additive, so a version-1 file upgrades by running these again
        "CREATE TABLE IF NOT EXISTS declared(cluster TEXT NOT NULL, key TEXT NOT NULL, json TEXT NOT NULL,"
            + " PRIMARY KEY(cluster, key)) WITHOUT ROWID",
        // version 3: the last revision of each destroyed cluster, so that a revision number is
        // never given to a second state (a plan made before a destroy cannot apply after it);
        // additive like version 2
        "CREATE TABLE IF NOT EXISTS retired(name TEXT PRIMARY KEY, revision INTEGER NOT NULL) WITHOUT ROWID",
        // the stored snapshot of each cluster's state (StoredSnapshots): derived data checked
        // against the revision on every read, so no store version change; a version-3 file
        // gets the table with its first snapshot
        StoredSnapshots.DDL,
        // the rollout records (RolloutRows): additive like version 2
        RolloutRows.DDL,
    };

    /**
     * Version 4: the revision each allocation's copy runs ({@code allocations.revision}, null for a
     * copy written by an older gpushare: unknown, rolled out once). Additive: a column added to a
     * version-3 file when it is opened for writing; a version-3 file opened read-only reads as
     * unknown revisions ({@link #hasColumn}).
     */
    private static final String REVISION_COLUMN = "ALTER TABLE allocations ADD COLUMN revision TEXT";

    private Ddl() {}

    public static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : STATEMENTS) s.executeUpdate(sql);
            if (!hasColumn(c, "allocations", "revision")) s.executeUpdate(REVISION_COLUMN);
            s.executeUpdate("PRAGMA user_version = " + VERSION);
        }
    }

    /** True when the file has the table (a file of an older version read without upgrading may not). */
    public static boolean hasTable(Connection c, String table) throws SQLException {
        return Sql.anyRow(c, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table);
    }

    /** True when {@code table} has the column (a file of an older version read without upgrading may not). */
    public static boolean hasColumn(Connection c, String table, String column) throws SQLException {
        return Sql.anyRow(c, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?", table, column);
    }

    public static int version(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); var rs = s.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
