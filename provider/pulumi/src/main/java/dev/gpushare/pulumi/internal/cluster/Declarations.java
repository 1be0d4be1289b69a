package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.backend.DeclaredResources;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.node.ObjectNode;

/**
 * The declared fragments of each cluster as this provider process last wrote or read them: read
 * from the store once per cluster, then kept up to date by this process's own declares and
 * undeclares, which are written through to the store first. One provider process serves one
 * deployment of one stack, the only writer of its resources' fragments; so a Check, Diff or
 * Create costs what its own fragment costs, not a read of every fragment of the cluster.
 * Dropped with the backend after any failure ({@link Clusters}), so the next call reads afresh.
 */
final class Declarations {
    private final Map<String, SortedMap<String, ObjectNode>> byCluster = new HashMap<>();

    /** The cluster's fragments, key → fragment; a map of the caller's own, the trees shared (not to be changed). */
    SortedMap<String, ObjectNode> of(DeclaredResources store, String cluster) {
        return new TreeMap<>(kept(store, cluster));
    }

    /** The fragment under {@code key}, or null. */
    ObjectNode get(DeclaredResources store, String cluster, String key) {
        return kept(store, cluster).get(key);
    }

    void declare(DeclaredResources store, String cluster, String key, ObjectNode fragment) {
        SortedMap<String, ObjectNode> kept = kept(store, cluster);
        store.declare(cluster, key, fragment);
        kept.put(key, fragment.deepCopy());
    }

    void undeclare(DeclaredResources store, String cluster, String key) {
        SortedMap<String, ObjectNode> kept = kept(store, cluster);
        store.undeclare(cluster, key);
        kept.remove(key);
    }

    void clear() {
        byCluster.clear();
    }

    private SortedMap<String, ObjectNode> kept(DeclaredResources store, String cluster) {
        return byCluster.computeIfAbsent(cluster, store::declared);
    }
}
