package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.ConvergedSpecs;
import dev.gpushare.model.Spec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The local backend's {@link ConvergedSpecs}: read from the file ({@link StoredSpecs}) at exactly
 * the revision asked, with the placement nodes kept for that revision ({@link StoredNodeRecords},
 * in the same read transaction); a spec handed over is kept in memory until the backend closes, then
 * written with its nodes in the same transaction as the stored snapshot ({@link Pending#writeIfCurrent}).
 */
public final class ConvergedKept implements ConvergedSpecs {
    private final StateFile file;
    /** The last one read from the file or written to it: not written again. */
    private Entry known;
    /** Handed over and not written yet. */
    private Entry pending;
    /** The pending spec's nodes, worked out when written (may be null). */
    private Supplier<byte[]> pendingNodes;
    /** The nodes record read with the last spec read from the file (null: none kept for it). */
    private Nodes nodesRead;

    private record Entry(String cluster, long revision, Spec spec) {}

    private record Nodes(String cluster, long revision, byte[] record) {}

    private record Read(Optional<Spec> spec, byte[] nodes) {}

    public ConvergedKept(StateFile file) {
        this.file = file;
    }

    @Override
    public Optional<Spec> convergedAt(String cluster, long revision, Spec planned) {
        if (pending != null && pending.cluster().equals(cluster) && pending.revision() == revision) return Optional.of(pending.spec());
        Read read = file.read("read the converged spec of cluster " + cluster, tx -> {
            Optional<Spec> spec = StoredSpecs.read(tx.connection(), cluster, revision, planned);
            return new Read(spec, spec.isPresent() ? StoredNodeRecords.read(tx.connection(), cluster, revision).orElse(null) : null);
        }, () -> new Read(Optional.empty(), null));
        read.spec().ifPresent(s -> {
            known = new Entry(cluster, revision, s);
            nodesRead = read.nodes() == null ? null : new Nodes(cluster, revision, read.nodes());
        });
        return read.spec();
    }

    /** The nodes read with the converged spec at exactly {@code revision} ({@link #convergedAt} reads them). */
    @Override
    public Optional<byte[]> nodesAt(String cluster, long revision) {
        Nodes n = nodesRead;
        return n != null && n.cluster().equals(cluster) && n.revision() == revision ? Optional.of(n.record()) : Optional.empty();
    }

    @Override
    public void converged(String cluster, long revision, Spec spec) {
        converged(cluster, revision, spec, null);
    }

    @Override
    public void converged(String cluster, long revision, Spec spec, Supplier<byte[]> nodes) {
        Entry e = new Entry(cluster, revision, spec);
        if (e.equals(known)) return; // what the file holds already
        pending = e;
        pendingNodes = nodes;
    }

    /** Forgets what is pending for {@code cluster} (destroyed). */
    public void forget(String cluster) {
        if (pending != null && pending.cluster().equals(cluster)) pending = null;
        if (known != null && known.cluster().equals(cluster)) known = null;
        if (nodesRead != null && nodesRead.cluster().equals(cluster)) nodesRead = null;
    }

    /**
     * The document to write with its nodes, or null (nothing pending, or a spec that does not read
     * back to itself). Works out the nodes (best effort: none when that fails).
     */
    public Pending toWrite() {
        if (pending == null) return null;
        Entry e = pending;
        return StoredSpecs.encode(e.spec()).map(doc -> new Pending(e, doc, nodes(pendingNodes))).orElse(null);
    }

    private static byte[] nodes(Supplier<byte[]> nodes) {
        if (nodes == null) return null;
        try {
            return nodes.get();
        } catch (RuntimeException e) {
            return null; // only speed is lost: the next process works them out again
        }
    }

    /** A spec to write and its document. */
    public final class Pending {
        private final Entry entry;
        private final StoredSpecs.Document document;
        private final byte[] nodes;

        private Pending(Entry entry, StoredSpecs.Document document, byte[] nodes) {
            this.entry = entry;
            this.document = document;
            this.nodes = nodes;
        }

        /**
         * Writes it and its nodes when the cluster is still at its revision; call under the write lock.
         * Without nodes, a record of an earlier revision is removed (it would never be read anyway).
         */
        public void writeIfCurrent(Connection c) throws SQLException {
            if (StateRows.revision(c, entry.cluster()) != entry.revision()) return;
            StoredSpecs.write(c, entry.cluster(), entry.revision(), document);
            if (nodes != null) StoredNodeRecords.write(c, entry.cluster(), entry.revision(), nodes);
            else StoredNodeRecords.remove(c, entry.cluster());
        }

        /** The write committed. */
        public void written() {
            known = entry;
            if (pending == entry) pending = null;
        }
    }
}
