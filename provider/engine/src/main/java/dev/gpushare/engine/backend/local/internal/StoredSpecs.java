package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.io.SpecWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The spec each cluster's state was last converged to, with the revision of that state (the
 * table {@code converged}): written in the transaction that stores the cluster's snapshot, under
 * the write lock after checking the revision, and read only at exactly that revision — so, like
 * {@link StoredSnapshots}, a crash at any point leaves either nothing or a row whose revision says
 * it is stale. The spec is kept as its JSON document ({@link SpecWriter}) and bound again
 * without the schema check (it was checked before it was planned); one that does not read back
 * to the very spec is not stored.
 *
 * <p>With the document, its {@link SpecDigest} (column {@code digest}, same row, same
 * transaction): a plan whose spec has the stored digest is planning the converged spec itself, and
 * neither writes its own document nor reads the stored one. A row without it (written by an older
 * version, which leaves the column null, or in a table made before the column), or with a digest of
 * another encoding, is compared by its document as before.
 */
public final class StoredSpecs {
    /** Additive (no store version change): created by the first spec written. */
    static final String DDL = "CREATE TABLE IF NOT EXISTS converged(cluster TEXT PRIMARY KEY, revision INTEGER NOT NULL,"
            + " spec TEXT NOT NULL, digest TEXT) WITHOUT ROWID";
    /** Additive too: a table made before the column gets it at the next write. */
    private static final String DIGEST_COLUMN = "ALTER TABLE converged ADD COLUMN digest TEXT";
    private static final String FILE = "converged-spec.json";
    private static final ClusterDocs TABLE = new ClusterDocs("converged", "spec", DDL);

    private StoredSpecs() {}

    /**
     * The spec the cluster's state at {@code revision} was converged to; call inside the read's
     * transaction. {@code planned} (may be null) is answered itself when it is the one stored: by
     * its digest where the row has one, else by its document; the same spec, not read back.
     */
    public static Optional<Spec> read(Connection c, String cluster, long revision, Spec planned) throws SQLException {
        if (revision == 0 || !Ddl.hasTable(c, "converged")) return Optional.empty();
        boolean digests = Ddl.hasColumn(c, "converged", "digest");
        try (PreparedStatement ps = c.prepareStatement("SELECT revision, " + (digests ? "digest" : "NULL")
                + " FROM converged WHERE cluster = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getLong(1) != revision) return Optional.empty();
                String digest = rs.getString(2);
                boolean mine = planned != null && planned.cluster().equals(cluster);
                if (mine && digest != null && digest.startsWith(SpecDigest.ENCODING)) {
                    if (SpecDigest.of(planned).filter(digest::equals).isPresent()) return Optional.of(planned);
                    mine = false; // another spec: its document is not compared
                }
                String document = TABLE.read(c, cluster, revision, (row, column) -> Optional.of(row.getString(column))).orElse(null);
                if (document == null) return Optional.empty();
                if (mine && document.equals(SpecWriter.toJson(planned))) return Optional.of(planned);
                return decode(document).filter(s -> s.cluster().equals(cluster));
            }
        }
    }

    /**
     * What is stored of {@code spec}: its document when it reads back to the very spec, with its
     * digest (null when it has none); else empty (it is then not stored).
     */
    public static Optional<Document> encode(Spec spec) {
        String text = SpecWriter.toJson(spec);
        return decode(text).filter(spec::equals).map(s -> new Document(text, SpecDigest.of(spec).orElse(null)));
    }

    /** A converged spec's stored form: its JSON document and its {@link SpecDigest} (may be null). */
    public record Document(String json, String digest) {}

    /** Stores the document as the cluster's converged spec at {@code revision}; call under the write lock, after checking it. */
    public static void write(Connection c, String cluster, long revision, Document document) throws SQLException {
        try (var st = c.createStatement()) {
            st.executeUpdate(DDL);
            if (!Ddl.hasColumn(c, "converged", "digest")) st.executeUpdate(DIGEST_COLUMN);
        }
        Sql.update(c, "INSERT OR REPLACE INTO converged(cluster, revision, spec, digest) VALUES (?, ?, ?, ?)",
                cluster, revision, document.json(), document.digest());
    }

    /** Removes the cluster's row (destroy); nothing when the file has none. */
    public static void remove(Connection c, String cluster) throws SQLException {
        TABLE.remove(c, cluster);
    }

    private static Optional<Spec> decode(String text) {
        try {
            ParsedFile parsed = SpecReader.parseWritten(FILE, text); // written by SpecWriter: no line of every value
            if (!parsed.problems().isEmpty()) return Optional.empty();
            ReadResult r = SpecReader.bind(List.of(parsed));
            return r.problems().isEmpty() ? Optional.ofNullable(r.spec()) : Optional.empty();
        } catch (RuntimeException damaged) {
            return Optional.empty(); // the full path plans instead
        }
    }
}
