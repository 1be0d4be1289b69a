package dev.gpushare.engine.backend.local.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The placement nodes of each cluster's converged state ({@link
 * dev.gpushare.engine.placement.Bookkeeping#storedNodes}, table {@code converged_nodes}) with the
 * revision of that state: written in the transaction that stores the converged spec ({@link
 * StoredSpecs}) and the snapshot, under the write lock after checking the revision, and read only at
 * exactly that revision — so a crash at any point leaves either no record or one whose revision says
 * it is stale, and a record that does not read back (damaged) is not used either: the nodes are then
 * worked out again from the state. Additive (no store version change): created by the first record
 * written; an older version neither reads nor writes it, and a record it left behind is at an older
 * revision than anything that version writes next.
 */
public final class StoredNodeRecords {
    static final String DDL = "CREATE TABLE IF NOT EXISTS converged_nodes(cluster TEXT PRIMARY KEY, revision INTEGER NOT NULL,"
            + " doc BLOB NOT NULL) WITHOUT ROWID";
    private static final ClusterDocs TABLE = new ClusterDocs("converged_nodes", "doc", DDL);

    private StoredNodeRecords() {}

    /** The cluster's record when it is the one of its state at {@code revision}; call inside the read's transaction. */
    public static Optional<byte[]> read(Connection c, String cluster, long revision) throws SQLException {
        return TABLE.read(c, cluster, revision, (rs, column) -> Optional.ofNullable(rs.getBytes(column)));
    }

    /** Stores the record as the cluster's at {@code revision}; call under the write lock, after checking it. */
    public static void write(Connection c, String cluster, long revision, byte[] record) throws SQLException {
        TABLE.write(c, cluster, revision, record);
    }

    /** Removes the cluster's record (destroy, or a converged spec written without one); nothing when the file has none. */
    public static void remove(Connection c, String cluster) throws SQLException {
        TABLE.remove(c, cluster);
    }
}
