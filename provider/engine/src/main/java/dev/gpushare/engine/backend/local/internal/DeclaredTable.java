package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.DeclaredResources;
import java.sql.PreparedStatement;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.node.ObjectNode;

/** The {@code declared} table of the local file; each call is its own transaction. */
public final class DeclaredTable implements DeclaredResources {
    private final StateFile file;

    public DeclaredTable(StateFile file) {
        this.file = file;
    }

    @Override
    public SortedMap<String, ObjectNode> declared(String cluster) {
        return file.read("read the declared resources of cluster " + cluster, tx -> {
            SortedMap<String, ObjectNode> out = new TreeMap<>();
            try (PreparedStatement ps = tx.connection().prepareStatement(
                    "SELECT key, json FROM declared WHERE cluster = ? ORDER BY key")) {
                ps.setString(1, cluster);
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) out.put(rs.getString(1), DeclaredResources.fromText(rs.getString(2)));
                }
            }
            return out;
        }, TreeMap::new);
    }

    @Override
    public void declare(String cluster, String key, ObjectNode fragment) {
        write("declare " + key + " in cluster " + cluster,
                "INSERT INTO declared(cluster, key, json) VALUES (?, ?, ?) ON CONFLICT(cluster, key) DO UPDATE SET json = excluded.json",
                cluster, key, DeclaredResources.toText(fragment));
    }

    @Override
    public void undeclare(String cluster, String key) {
        write("undeclare " + key + " in cluster " + cluster, "DELETE FROM declared WHERE cluster = ? AND key = ?", cluster, key);
    }

    private void write(String what, String sql, String... params) {
        file.write(what, tx -> {
            try (PreparedStatement ps = tx.connection().prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) ps.setString(i + 1, params[i]);
                ps.executeUpdate();
            }
            return null;
        });
    }
}
