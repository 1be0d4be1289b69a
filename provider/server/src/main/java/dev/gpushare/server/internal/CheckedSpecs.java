package dev.gpushare.server.internal;

import dev.gpushare.engine.resolve.ResolvedSpec;
import java.util.Arrays;

/**
 * Per cluster, the last valid spec document a plan was sent and what checking it gave (parsed,
 * schema-checked, validated, resolved): a client that plans the same document again — a
 * reconciler, CI, a dashboard — skips the checks, whose result is a function of the document's
 * bytes alone. Only documents of at most {@value #MAX_BYTES} bytes, at most {@value #CLUSTERS}
 * clusters (least recently used dropped); only clusters with state are kept (the caller's rule).
 */
final class CheckedSpecs {
    static final int MAX_BYTES = 1 << 20;
    static final int CLUSTERS = 64;

    private record Checked(byte[] document, ResolvedSpec spec) {}

    private final BoundedCache<String, Checked> kept = new BoundedCache<>(CLUSTERS);

    /** What checking {@code document} gave, when it is the cluster's last valid document byte for byte; else null. */
    ResolvedSpec get(String cluster, byte[] document) {
        Checked c = kept.get(cluster);
        return c != null && Arrays.equals(c.document(), document) ? c.spec() : null;
    }

    /** Keeps a valid document's result (larger documents are not kept). */
    void put(String cluster, byte[] document, ResolvedSpec spec) {
        if (document.length <= MAX_BYTES) kept.put(cluster, new Checked(document.clone(), spec));
    }

    void forget(String cluster) {
        kept.remove(cluster);
    }

    int size() {
        return kept.size();
    }
}
