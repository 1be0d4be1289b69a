package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.ConvergedSpecs;
import dev.gpushare.model.Spec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The local backend's {@link ConvergedSpecs}: read from the file ({@link StoredSpecs}) at exactly
 * the revision asked; a spec handed over is kept in memory until the backend closes, then written
 * in the same transaction as the stored snapshot ({@link #writeIfCurrent}).
 */
public final class ConvergedKept implements ConvergedSpecs {
    private final StateFile file;
    /** The last one read from the file or written to it: not written again. */
    private Entry known;
    /** Handed over and not written yet. */
    private Entry pending;

    private record Entry(String cluster, long revision, Spec spec) {}

    public ConvergedKept(StateFile file) {
        this.file = file;
    }

    @Override
    public Optional<Spec> convergedAt(String cluster, long revision, Spec planned) {
        if (pending != null && pending.cluster().equals(cluster) && pending.revision() == revision) return Optional.of(pending.spec());
        Optional<Spec> stored = file.read("read the converged spec of cluster " + cluster,
                tx -> StoredSpecs.read(tx.connection(), cluster, revision, planned), Optional::empty);
        stored.ifPresent(s -> known = new Entry(cluster, revision, s));
        return stored;
    }

    @Override
    public void converged(String cluster, long revision, Spec spec) {
        Entry e = new Entry(cluster, revision, spec);
        if (e.equals(known)) return; // what the file holds already
        pending = e;
    }

    /** Forgets what is pending for {@code cluster} (destroyed). */
    public void forget(String cluster) {
        if (pending != null && pending.cluster().equals(cluster)) pending = null;
        if (known != null && known.cluster().equals(cluster)) known = null;
    }

    /** The document to write, or null (nothing pending, or a spec that does not read back to itself). */
    public Pending toWrite() {
        if (pending == null) return null;
        Entry e = pending;
        return StoredSpecs.encode(e.spec()).map(doc -> new Pending(e, doc)).orElse(null);
    }

    /** A spec to write and its document. */
    public final class Pending {
        private final Entry entry;
        private final StoredSpecs.Document document;

        private Pending(Entry entry, StoredSpecs.Document document) {
            this.entry = entry;
            this.document = document;
        }

        /** Writes it when the cluster is still at its revision; call under the write lock. */
        public void writeIfCurrent(Connection c) throws SQLException {
            if (StateRows.revision(c, entry.cluster()) == entry.revision()) StoredSpecs.write(c, entry.cluster(), entry.revision(), document);
        }

        /** The write committed. */
        public void written() {
            known = entry;
            if (pending == entry) pending = null;
        }
    }
}
