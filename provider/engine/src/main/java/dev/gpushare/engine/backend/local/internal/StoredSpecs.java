package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.io.SpecWriter;
import java.sql.Connection;
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
 */
public final class StoredSpecs {
    /** Additive (no store version change): created by the first spec written. */
    static final String DDL = "CREATE TABLE IF NOT EXISTS converged(cluster TEXT PRIMARY KEY, revision INTEGER NOT NULL,"
            + " spec TEXT NOT NULL) WITHOUT ROWID";
    private static final String FILE = "converged-spec.json";
    private static final ClusterDocs TABLE = new ClusterDocs("converged", "spec", DDL);

    private StoredSpecs() {}

    /**
     * The spec the cluster's state at {@code revision} was converged to; call inside the read's
     * transaction. {@code planned} (may be null) is answered itself when its document is the one
     * stored: the same spec, not read back.
     */
    public static Optional<Spec> read(Connection c, String cluster, long revision, Spec planned) throws SQLException {
        return TABLE.read(c, cluster, revision, (rs, column) -> {
            String document = rs.getString(column);
            if (planned != null && planned.cluster().equals(cluster) && document.equals(SpecWriter.toJson(planned))) {
                return Optional.of(planned);
            }
            return decode(document).filter(s -> s.cluster().equals(cluster));
        });
    }

    /** The document of {@code spec} when it reads back to the very spec, else empty (it is then not stored). */
    public static Optional<String> encode(Spec spec) {
        String text = SpecWriter.toJson(spec);
        return decode(text).filter(spec::equals).map(s -> text);
    }

    /** Stores the document as the cluster's converged spec at {@code revision}; call under the write lock, after checking it. */
    public static void write(Connection c, String cluster, long revision, String document) throws SQLException {
        TABLE.write(c, cluster, revision, document);
    }

    /** Removes the cluster's row (destroy); nothing when the file has none. */
    public static void remove(Connection c, String cluster) throws SQLException {
        TABLE.remove(c, cluster);
    }

    private static Optional<Spec> decode(String text) {
        try {
            ParsedFile parsed = SpecReader.parse(FILE, text);
            if (!parsed.problems().isEmpty()) return Optional.empty();
            ReadResult r = SpecReader.bind(List.of(parsed));
            return r.problems().isEmpty() ? Optional.ofNullable(r.spec()) : Optional.empty();
        } catch (RuntimeException damaged) {
            return Optional.empty(); // the full path plans instead
        }
    }
}
