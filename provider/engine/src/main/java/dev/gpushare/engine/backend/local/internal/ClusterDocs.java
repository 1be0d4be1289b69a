package dev.gpushare.engine.backend.local.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A table of one document per cluster with the revision of the state it belongs to
 * ({@code cluster, revision, DOC}): derived data, answered only at exactly that revision, written
 * only under the write lock after checking it. Additive (no store version change): the first
 * document written creates the table, so an older file may not have it; reading and removing then
 * find nothing.
 *
 * @param table     the table's name
 * @param docColumn the document's column
 * @param ddl       the table's {@code CREATE TABLE IF NOT EXISTS}
 */
record ClusterDocs(String table, String docColumn, String ddl) {
    /** Reads the document's column of the cluster's row. */
    interface Doc<T> {
        Optional<T> read(ResultSet row, int column) throws SQLException;
    }

    /** What {@code doc} reads of the cluster's document when its row is at {@code revision}; call inside the read's transaction. */
    <T> Optional<T> read(Connection c, String cluster, long revision, Doc<T> doc) throws SQLException {
        if (revision == 0 || !Ddl.hasTable(c, table)) return Optional.empty();
        try (PreparedStatement ps = c.prepareStatement("SELECT revision, " + docColumn + " FROM " + table + " WHERE cluster = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getLong(1) != revision) return Optional.empty();
                return doc.read(rs, 2);
            }
        }
    }

    /** Stores {@code document} (a {@code byte[]} or a {@code String}, as the column) as the cluster's at {@code revision}. */
    void write(Connection c, String cluster, long revision, Object document) throws SQLException {
        try (var st = c.createStatement()) {
            st.executeUpdate(ddl);
        }
        Sql.update(c, "INSERT OR REPLACE INTO " + table + "(cluster, revision, " + docColumn + ") VALUES (?, ?, ?)",
                cluster, revision, document);
    }

    /** Removes the cluster's row (destroy); nothing when the file has none. */
    void remove(Connection c, String cluster) throws SQLException {
        if (Ddl.hasTable(c, table)) Sql.update(c, "DELETE FROM " + table + " WHERE cluster = ?", cluster);
    }
}
