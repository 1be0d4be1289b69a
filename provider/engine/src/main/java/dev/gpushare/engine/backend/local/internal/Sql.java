package dev.gpushare.engine.backend.local.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One statement with its parameters, run on the store's connection: the small queries and writes
 * the local store's classes share. A parameter is a {@code String} (TEXT), a {@code Long} or
 * {@code Integer} (INTEGER) or a {@code byte[]} (BLOB), bound in order ({@code setObject}).
 */
final class Sql {
    private Sql() {}

    /** True when the query answers at least one row. */
    static boolean anyRow(Connection c, String query, Object... params) throws SQLException {
        try (PreparedStatement ps = bind(c, query, params)) {
            try (var rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Runs a write; the number of rows it changed. */
    static int update(Connection c, String statement, Object... params) throws SQLException {
        try (PreparedStatement ps = bind(c, statement, params)) {
            return ps.executeUpdate();
        }
    }

    private static PreparedStatement bind(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        try {
            for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
            return ps;
        } catch (SQLException | RuntimeException e) {
            ps.close();
            throw e;
        }
    }
}
