package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The stored snapshot of a cluster: its whole state as one {@link SnapshotCodec} document with
 * the revision it is the state of. Derived from the rows, which stay the truth: a snapshot is used
 * only inside a read transaction that sees the cluster at exactly its revision (every write moves
 * the revision on, revisions are never reused), and written only under the write lock after
 * checking that revision. So a crash at any point leaves either no snapshot or one whose revision
 * says it is stale; neither is ever answered. A document that does not decode is ignored too.
 */
public final class StoredSnapshots {
    /** Additive (no store version change): created by the first snapshot written to a version-3 file. */
    static final String DDL = "CREATE TABLE IF NOT EXISTS snapshots(cluster TEXT PRIMARY KEY, revision INTEGER NOT NULL,"
            + " doc BLOB NOT NULL)";

    private static final ClusterDocs TABLE = new ClusterDocs("snapshots", "doc", DDL);

    private StoredSnapshots() {}

    /**
     * The cluster's stored snapshot when it is the state at {@code revision}; call inside the read's
     * transaction. {@code lazily}: its allocations decoded when first read ({@link SnapshotCodec#decode(byte[], boolean)}).
     */
    public static Optional<Snapshot> read(Connection c, String cluster, long revision, boolean lazily) throws SQLException {
        try {
            return TABLE.read(c, cluster, revision, (rs, column) -> {
                Snapshot s = SnapshotCodec.decode(rs.getBytes(column), lazily);
                // a document of another cluster or revision than its row says is damaged: not used
                if (s.revision() != revision || !s.state().cluster().equals(cluster)) return Optional.empty();
                return Optional.of(s.withRollouts(RolloutRows.read(c, cluster)));
            });
        } catch (IllegalArgumentException damaged) {
            return Optional.empty(); // the rows answer instead
        }
    }

    /** Stores {@code s} as its cluster's snapshot; call under the write lock, after checking its revision is current. */
    public static void write(Connection c, Snapshot s) throws SQLException {
        TABLE.write(c, s.state().cluster(), s.revision(), SnapshotCodec.encode(s));
    }

    /** Removes the cluster's snapshot (destroy); nothing when the file has none. */
    public static void remove(Connection c, String cluster) throws SQLException {
        TABLE.remove(c, cluster);
    }
}
