package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.state.RolloutRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rollout records of each cluster ({@link Action.RecordRollout}): one row per service or
 * component, its last record as JSON, written in the transaction of the batch that carries it.
 * Additive to the store (a table created with the others; a file of an older version reads as no
 * records).
 */
public final class RolloutRows {
    static final String DDL = "CREATE TABLE IF NOT EXISTS rollouts(cluster TEXT NOT NULL, grp TEXT NOT NULL, json TEXT NOT NULL,"
            + " PRIMARY KEY(cluster, grp)) WITHOUT ROWID";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private RolloutRows() {}

    /** Writes the records a batch carries (the last of each group wins). */
    public static void write(Connection c, String cluster, List<? extends Action> batch) throws SQLException {
        PreparedStatement ps = null;
        try {
            for (Action a : batch) {
                if (!(a instanceof Action.RecordRollout r)) continue;
                if (ps == null) ps = c.prepareStatement("INSERT OR REPLACE INTO rollouts(cluster, grp, json) VALUES (?, ?, ?)");
                ps.setString(1, cluster);
                ps.setString(2, r.record().group());
                ps.setString(3, MAPPER.writeValueAsString(r.record()));
                ps.executeUpdate();
            }
        } finally {
            if (ps != null) ps.close();
        }
    }

    /** The cluster's records, by group; none when the file has no such table. */
    public static List<RolloutRecord> read(Connection c, String cluster) throws SQLException {
        List<RolloutRecord> out = new ArrayList<>();
        if (!Ddl.hasTable(c, "rollouts")) return out;
        try (PreparedStatement ps = c.prepareStatement("SELECT json FROM rollouts WHERE cluster = ? ORDER BY grp")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    try {
                        out.add(MAPPER.readValue(rs.getString(1), RolloutRecord.class));
                    } catch (RuntimeException damaged) {
                        throw new StateRows.DamagedRow("rollouts row of cluster " + cluster + ", column json: " + damaged.getMessage());
                    }
                }
            }
        }
        return out;
    }
}
