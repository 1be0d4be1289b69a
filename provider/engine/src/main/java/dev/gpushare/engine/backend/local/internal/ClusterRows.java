package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.reconcile.StateView;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The local backend's writes of a cluster's own rows besides a batch's ({@link BatchRows}): its
 * revision, an instance's health, its removal. Call inside a write transaction.
 */
public final class ClusterRows {
    private ClusterRows() {}

    /**
     * Moves the cluster's revision from {@code current} to the next one and returns it; a
     * destroyed cluster written again lives in {@code clusters} from now on, above its destroy's.
     */
    public static long bump(Connection c, String cluster, long current) throws SQLException {
        Sql.update(c, "INSERT INTO clusters(name, revision) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET revision = excluded.revision",
                cluster, current + 1);
        Sql.update(c, "DELETE FROM retired WHERE name = ?", cluster);
        return current + 1;
    }

    /** Sets an instance's health; false when the cluster has no such instance. */
    public static boolean setHealth(Connection c, String cluster, String instanceId, boolean healthy, String reason)
            throws SQLException {
        return Sql.update(c, "UPDATE instances SET healthy = ?, health_reason = ? WHERE cluster = ? AND id = ?",
                healthy ? 1 : 0, reason, cluster, instanceId) > 0;
    }

    /** True when the cluster has a row (it was written and not destroyed). */
    public static boolean exists(Connection c, String cluster) throws SQLException {
        return Sql.anyRow(c, "SELECT revision FROM clusters WHERE name = ?", cluster);
    }

    /**
     * Removes the cluster's rows, stored snapshot, converged spec and its nodes and keeps its revision, one higher than
     * {@code current}, in {@code retired}: revisions are never reused.
     */
    public static void remove(Connection c, String cluster, long current) throws SQLException {
        for (String sql : List.of("DELETE FROM rollouts WHERE cluster = ?", "DELETE FROM allocations WHERE cluster = ?", "DELETE FROM gpus WHERE cluster = ?",
                "DELETE FROM instances WHERE cluster = ?", "DELETE FROM clusters WHERE name = ?")) {
            Sql.update(c, sql, cluster);
        }
        StoredSnapshots.remove(c, cluster);
        StoredSpecs.remove(c, cluster);
        StoredNodeRecords.remove(c, cluster);
        Sql.update(c, "INSERT OR REPLACE INTO retired(name, revision) VALUES (?, ?)", cluster, current + 1);
    }

    /** The instances as the transaction sees them, one query per instance an action names. */
    public static StateView view(Connection c, String cluster) {
        return id -> {
            try {
                return StateRows.instance(c, cluster, id);
            } catch (SQLException e) {
                throw new StateFile.RowFailure(e);
            }
        };
    }
}
