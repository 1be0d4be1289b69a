package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Action;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;

/**
 * The embedded store: the local backend's SQLite file. A {@link LocalBackend} is one connection
 * and not thread-safe, so requests borrow one from a small pool (SQLite itself serialises writers
 * and lets readers run beside them). Idempotency keys are remembered in memory: this store serves
 * one process. The last snapshot of each cluster is kept and answered again while nothing was
 * committed to the file since (SQLite's data version, on a connection of its own that never
 * writes, so this server's writes count as well as another process's: one statement, no row read),
 * or, once something was, while the file's revision of that cluster is unchanged (a one-row read
 * instead of every row).
 */
public final class LocalStore implements Store {
    /** Keys remembered per cluster; a client retries within seconds, so a few hundred are plenty. */
    static final int KEYS_PER_CLUSTER = 512;

    private final Path file;
    private final BlockingQueue<LocalBackend> pool;
    private final List<LocalBackend> all = new ArrayList<>();
    /** Per cluster the keys of its latest applies; at most {@value #CLUSTERS_WITH_KEYS} clusters (least recently used go). */
    private final BoundedCache<String, BoundedCache<String, Long>> keys = new BoundedCache<>(CLUSTERS_WITH_KEYS);
    static final int CLUSTERS_WITH_KEYS = 1024;
    /** The last snapshot read per cluster (only clusters with state), at most {@value #CACHED_CLUSTERS}. */
    private final BoundedCache<String, Kept> snapshots = new BoundedCache<>(CACHED_CLUSTERS);
    static final int CACHED_CLUSTERS = 256;

    /**
     * A snapshot and the file's data version read before it: the snapshot is current as of that
     * version or later, so while the version stays the same it is the cluster's state.
     */
    private record Kept(Snapshot snapshot, long version) {}

    /** The connection that watches the file's data version; it never writes (its own commits would not count). */
    private final LocalBackend watcher;
    /** How reads were answered (see {@link #readsAnswered}). */
    private final java.util.concurrent.atomic.LongAdder unchangedFile = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder revisionChecks = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder rowReads = new java.util.concurrent.atomic.LongAdder();

    /**
     * What {@code serve --reconcile} keeps beside the state, in memory: this store serves one
     * process, and a restart only restarts the graces and heartbeat clocks (the spec is declared
     * again by the next apply).
     */
    private static final class Health {
        final Map<String, String> specs = new java.util.HashMap<>();
        final Map<String, Map<String, Instant>> marks = new java.util.HashMap<>();
        final Map<String, Map<String, Instant>> heartbeats = new java.util.HashMap<>();

        Map<String, Instant> markedAt(String cluster) {
            return marks.computeIfAbsent(cluster, c -> new java.util.HashMap<>());
        }

        Map<String, Instant> heartbeats(String cluster) {
            return heartbeats.computeIfAbsent(cluster, c -> new java.util.HashMap<>());
        }
    }

    private final Health health = new Health();

    public LocalStore(Path file, int connections) {
        this.file = file;
        this.pool = new ArrayBlockingQueue<>(connections);
        for (int i = 0; i < connections; i++) {
            LocalBackend b = LocalBackend.open(file);
            all.add(b);
            pool.add(b);
        }
        this.watcher = LocalBackend.open(file);
    }

    @Override
    public Snapshot read(String cluster) {
        // the file's data version first (no row read): unchanged since the kept snapshot's, nothing
        // was committed since, by this server or another process. Else the cluster's revision (one
        // row): unchanged, the commit was another cluster's. Else the rows. Exact: the version is
        // read before what is kept with it, and every commit after that moves it
        long version = fileVersion();
        Kept hit = snapshots.get(cluster);
        if (hit != null && version >= 0) {
            if (hit.version() == version) {
                unchangedFile.increment();
                return hit.snapshot();
            }
            revisionChecks.increment();
            if (with(b -> b.revision(cluster)) == hit.snapshot().revision()) {
                snapshots.put(cluster, new Kept(hit.snapshot(), version));
                return hit.snapshot();
            }
        }
        rowReads.increment();
        Snapshot s = with(b -> b.read(cluster));
        if (s.revision() > 0 && !s.state().instances().isEmpty()) {
            snapshots.put(cluster, new Kept(s, version));
        } else {
            snapshots.remove(cluster); // never applied or destroyed: nothing worth keeping
        }
        return s;
    }

    private long fileVersion() {
        synchronized (watcher) {
            return watcher.fileVersion();
        }
    }

    /** How many reads were answered by the unchanged data version alone, checked the cluster's revision, read the rows (for tests). */
    long[] readsAnswered() {
        return new long[] {unchangedFile.sum(), revisionChecks.sum(), rowReads.sum()};
    }

    @Override
    public int cachedClusters() {
        return snapshots.size();
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch, String idempotencyKey) {
        if (idempotencyKey == null) return with(b -> b.apply(cluster, expectedRevision, batch));
        BoundedCache<String, Long> seen;
        synchronized (keys) {
            seen = keys.get(cluster);
            if (seen == null) {
                // least recently used first: a key a client retries stays
                seen = new BoundedCache<>(KEYS_PER_CLUSTER);
                keys.put(cluster, seen);
            }
        }
        // one apply per cluster at a time in this process, so a retried key cannot race its original
        synchronized (seen) {
            Long done = seen.get(idempotencyKey);
            if (done != null) return new BatchResult.Committed(done);
            BatchResult r = with(b -> b.apply(cluster, expectedRevision, batch));
            if (r instanceof BatchResult.Committed c) seen.put(idempotencyKey, c.revision());
            return r;
        }
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        synchronized (health) {
            boolean wasHealthy = read(cluster).state().instances().stream()
                    .anyMatch(i -> i.id().toString().equals(instanceId) && i.healthy());
            long revision = with(b -> b.markUnhealthy(cluster, instanceId, reason));
            if (wasHealthy) health.markedAt(cluster).put(instanceId, Instant.now());
            else health.markedAt(cluster).putIfAbsent(instanceId, Instant.now());
            return revision;
        }
    }

    @Override
    public long clearUnhealthy(String cluster, String instanceId, String reasonPrefix) {
        synchronized (health) {
            var instance = read(cluster).state().instances().stream().filter(i -> i.id().toString().equals(instanceId)).findFirst();
            if (instance.isEmpty()) return markUnhealthy(cluster, instanceId, "unknown"); // UNKNOWN_INSTANCE, said by the backend
            var i = instance.get();
            if (i.healthy() || i.healthReason() == null || !i.healthReason().startsWith(reasonPrefix)) return -1;
            long revision = with(b -> b.markHealthy(cluster, instanceId));
            health.markedAt(cluster).remove(instanceId);
            return revision;
        }
    }

    @Override
    public Map<String, Instant> markedAt(String cluster) {
        synchronized (health) {
            return Map.copyOf(health.markedAt(cluster));
        }
    }

    @Override
    public void declareSpec(String cluster, String specJson) {
        synchronized (health) {
            health.specs.put(cluster, specJson);
        }
    }

    @Override
    public Optional<String> declaredSpec(String cluster) {
        synchronized (health) {
            return Optional.ofNullable(health.specs.get(cluster));
        }
    }

    @Override
    public void heartbeat(String cluster, String instanceId, Instant at) {
        if (read(cluster).state().instances().stream().noneMatch(i -> i.id().toString().equals(instanceId))) {
            markUnhealthy(cluster, instanceId, "unknown"); // throws UNKNOWN_INSTANCE with the backend's message
        }
        synchronized (health) {
            health.heartbeats(cluster).put(instanceId, at);
        }
    }

    @Override
    public Map<String, Instant> heartbeats(String cluster) {
        synchronized (health) {
            return Map.copyOf(health.heartbeats(cluster));
        }
    }

    @Override
    public void retainInstances(String cluster, java.util.Set<String> instances) {
        synchronized (health) {
            health.heartbeats(cluster).keySet().retainAll(instances);
            health.markedAt(cluster).keySet().retainAll(instances);
        }
    }

    @Override
    public Leadership leadership() {
        return Leadership.ALWAYS; // one process per file
    }

    @Override
    public List<String> clusters() {
        return with(LocalBackend::clusters);
    }

    @Override
    public boolean destroy(String cluster) {
        synchronized (health) {
            health.specs.remove(cluster);
            health.marks.remove(cluster);
            health.heartbeats.remove(cluster);
        }
        keys.remove(cluster);
        snapshots.remove(cluster);
        return with(b -> b.destroy(cluster));
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        // the local backend's own store of declared resources, when this engine build has one;
        // its methods each borrow a connection
        return with(LocalBackend::declaredResources).map(d -> new DeclaredResources() {
            @Override
            public java.util.SortedMap<String, tools.jackson.databind.node.ObjectNode> declared(String cluster) {
                return with(b -> b.declaredResources().orElseThrow().declared(cluster));
            }

            @Override
            public void declare(String cluster, String key, tools.jackson.databind.node.ObjectNode fragment) {
                with(b -> {
                    b.declaredResources().orElseThrow().declare(cluster, key, fragment);
                    return null;
                });
            }

            @Override
            public void undeclare(String cluster, String key) {
                with(b -> {
                    b.declaredResources().orElseThrow().undeclare(cluster, key);
                    return null;
                });
            }
        });
    }

    @Override
    public boolean ready() {
        try {
            with(LocalBackend::clusters);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public String describe() {
        return "file:" + file;
    }

    @Override
    public void close() {
        for (LocalBackend b : all) b.close();
        synchronized (watcher) {
            watcher.close();
        }
    }

    private <T> T with(Function<LocalBackend, T> work) {
        LocalBackend b;
        try {
            b = pool.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a store connection", e);
        }
        try {
            return work.apply(b);
        } finally {
            pool.add(b);
        }
    }
}
