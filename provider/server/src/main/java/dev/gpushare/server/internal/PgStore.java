package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.StateJson;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import tools.jackson.databind.node.ObjectNode;

/**
 * The PostgreSQL store. Each cluster is a row (revision, declared layouts, the state document less
 * its instances) and a row per instance ({@code cluster_instances}); a batch locks the cluster's
 * row ({@code SELECT … FOR UPDATE}), checks the revision, folds the actions with {@link StateFold}
 * and writes, in one transaction, the cluster's row, the instance rows the fold changed (what did
 * not change is not written: a batch costs what it touches) and its idempotency key. So applies to
 * one cluster queue on its row across every server on the database, applies to different clusters
 * run in parallel, and a killed server leaves the state before or after a batch. The state a batch
 * folds is the one this server last read or wrote when the row's version ({@code xmin}) still is
 * that one's, else it is read afresh. The schema is created and migrated by Flyway
 * ({@code db/migration}) when the store opens.
 *
 * <p>A read answers the snapshot this server keeps of the cluster without asking the database while
 * {@link ClusterChanges} says nothing changed since it was read: the stamp is taken before the
 * database is read and the listener was listening before that (the ordering, and why it is exact, are
 * in {@link ClusterChanges}). Otherwise — a change was notified, the listener is not (yet, or no
 * longer) connected, or it reconnected since — the read asks for the row's version
 * ({@code SELECT revision, xmin}) as it always did, answers the kept snapshot if that is still the
 * version (and keeps it under the new stamp), else reads the cluster's rows. Writes move the
 * cluster's change count right after they commit and keep what they wrote.
 */
public final class PgStore implements Store {
    /** How long idempotency keys are kept, in hours: far longer than any client retries. */
    static final int KEY_RETENTION_HOURS = 24;

    private final String url;
    private final HikariDataSource pool;
    /**
     * The last snapshot read per cluster, with the row version it came from: the row's {@code xmin}
     * (the transaction that wrote it) changes with every write by any server, so a hit is exact.
     */
    private final BoundedCache<String, Cached> cache = new BoundedCache<>(CACHED_CLUSTERS);
    /** Clusters whose last snapshot is kept; only clusters with state are cached. */
    static final int CACHED_CLUSTERS = 256;

    /** A snapshot, the row version it came from and the change stamp taken before it was read (null: none). */
    private record Cached(long revision, String version, Snapshot snapshot, ClusterChanges.Stamp stamp) {}

    /** Who tells this store which clusters changed (its listener thread and connection). */
    private final ClusterChanges changes;
    /** Reads that asked the database (a row-version check or a full read), for tests. */
    private final java.util.concurrent.atomic.AtomicLong databaseReads = new java.util.concurrent.atomic.AtomicLong();

    private PgStore(String url, int connections, java.time.Duration firstRetry) {
        this.url = url;
        this.pool = pool(url, connections);
        this.changes = ClusterChanges.start(url, firstRetry);
    }

    /** How long a request waits for a free database connection before it fails, in seconds. */
    static final int BORROW_TIMEOUT_S = 30;

    /**
     * HikariCP: at most {@code connections}, opened on demand and none kept idle beyond need
     * (several servers share a database), each in a transaction of its own (no autocommit; what a
     * failed request left open is rolled back when the connection returns), a broken one evicted.
     */
    private static HikariDataSource pool(String url, int connections) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setPoolName("gpushare-pg");
        config.setMaximumPoolSize(connections);
        config.setMinimumIdle(0);
        config.setAutoCommit(false);
        config.setConnectionTimeout(BORROW_TIMEOUT_S * 1000L);
        config.setInitializationFailTimeout(-1); // the migration just reached the database
        // a JDBC batch of row writes goes as multi-row INSERTs (a batch writes thousands of rows)
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        return new HikariDataSource(config);
    }

    /** Opens the store at a {@code jdbc:postgresql://…} URL, migrating its schema first. */
    public static PgStore open(String jdbcUrl, int connections) {
        return open(jdbcUrl, connections, ClusterChanges.FIRST_RETRY);
    }

    /** {@link #open(String, int)} whose change listener waits {@code firstRetry} before its first reconnect (tests). */
    static PgStore open(String jdbcUrl, int connections, java.time.Duration firstRetry) {
        try {
            Flyway.configure()
                    .dataSource(jdbcUrl, null, null)
                    .locations("classpath:dev/gpushare/server/db/migration")
                    .table("gpushare_schema_history")
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            throw new BackendException(BackendCode.BACKEND_UNAVAILABLE, "cannot open or migrate the PostgreSQL store "
                    + redact(jdbcUrl) + ": " + e.getMessage() + "; check that the database exists and the user may create tables", e);
        }
        return new PgStore(jdbcUrl, connections, firstRetry);
    }

    @Override
    public Snapshot read(String cluster) {
        ClusterChanges.Stamp stamp = changes.stamp(cluster); // before anything is read
        Cached hit = cache.get(cluster);
        if (hit != null && stamp != null && stamp.equals(hit.stamp())) return hit.snapshot(); // nothing changed since
        databaseReads.incrementAndGet();
        return tx("read cluster " + cluster, c -> {
            // one snapshot of the database for every statement of this read: the cluster's row and
            // its instance rows are separate statements, and at READ COMMITTED a batch committing
            // between them would give a state with the row of one revision and instances of another
            try (Statement st = c.createStatement()) {
                st.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            }
            // the row's version first (cheap); the state document only when it changed since the last read
            if (hit != null) {
                try (PreparedStatement ps = c.prepareStatement("SELECT revision, xmin::text FROM clusters WHERE name = ?")) {
                    ps.setString(1, cluster);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next() && rs.getLong(1) == hit.revision() && rs.getString(2).equals(hit.version())) {
                            if (stamp != null) cache.put(cluster, new Cached(hit.revision(), hit.version(), hit.snapshot(), stamp));
                            return hit.snapshot();
                        }
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT revision, state, declared_layouts, xmin::text, rollouts FROM clusters WHERE name = ?")) {
                ps.setString(1, cluster);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        cache.remove(cluster);
                        return Snapshot.empty(cluster);
                    }
                    Snapshot s = load(c, cluster, rs);
                    if (rs.getString(2).isEmpty()) {
                        cache.remove(cluster); // destroyed: nothing worth keeping
                    } else {
                        cache.put(cluster, new Cached(s.revision(), rs.getString(4), s, stamp));
                    }
                    return s;
                }
            }
        });
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch, String idempotencyKey) {
        return tx("apply to cluster " + cluster, c -> {
            Snapshot current = lock(c, cluster);
            if (idempotencyKey != null) {
                try (PreparedStatement ps = c.prepareStatement("SELECT revision FROM apply_keys WHERE cluster = ? AND key = ?")) {
                    ps.setString(1, cluster);
                    ps.setString(2, idempotencyKey);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) return new BatchResult.Committed(rs.getLong(1));
                    }
                }
            }
            if (current.revision() != expectedRevision) {
                return new BatchResult.RevisionConflict(cluster, expectedRevision, current.revision());
            }
            // checked against the locked row: what no other server can change before this commits
            List<Problem> problems = ActionCheck.batch(batch, StateView.of(current.state()), Catalog.builtIn());
            if (!problems.isEmpty()) return new BatchResult.Refused(cluster, problems);
            // the one transition, declared layouts included; the state read back is normalized, so
            // only the instances the actions touch are new objects (what write compares first)
            StateFold.Fold fold = StateFold.Fold.of(current, true);
            for (Action a : batch) fold.step(a);
            Snapshot next = fold.snapshot(current.revision() + 1, current.supply());
            write(c, current, next);
            if (idempotencyKey != null) {
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO apply_keys(cluster, key, revision) VALUES (?, ?, ?)")) {
                    ps.setString(1, cluster);
                    ps.setString(2, idempotencyKey);
                    ps.setLong(3, next.revision());
                    ps.executeUpdate();
                }
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM apply_keys WHERE cluster = ? AND created_at < now() - make_interval(hours => ?)")) {
                    ps.setString(1, cluster);
                    ps.setInt(2, KEY_RETENTION_HOURS);
                    ps.executeUpdate();
                }
            }
            commit(c, next);
            return new BatchResult.Committed(next.revision());
        });
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        return tx("mark " + instanceId + " unhealthy", c -> {
            Snapshot current = lock(c, cluster);
            Instance before = instance(current, cluster, instanceId);
            Snapshot next = withHealth(current, instanceId, false, reason);
            write(c, current, next);
            // the grace counts from the first mark of a healthy instance; a second mark keeps that time
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO health_marks(cluster, instance, marked_at) VALUES (?, ?, now())"
                    + (before.healthy() ? " ON CONFLICT (cluster, instance) DO UPDATE SET marked_at = excluded.marked_at"
                    : " ON CONFLICT (cluster, instance) DO NOTHING"))) {
                ps.setString(1, cluster);
                ps.setString(2, instanceId);
                ps.executeUpdate();
            }
            commit(c, next);
            return next.revision();
        });
    }

    @Override
    public long clearUnhealthy(String cluster, String instanceId, String reasonPrefix) {
        return tx("clear the mark of " + instanceId, c -> {
            Snapshot current = lock(c, cluster);
            Instance before = instance(current, cluster, instanceId);
            if (before.healthy() || before.healthReason() == null || !before.healthReason().startsWith(reasonPrefix)) return -1L;
            Snapshot next = withHealth(current, instanceId, true, null);
            write(c, current, next);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM health_marks WHERE cluster = ? AND instance = ?")) {
                ps.setString(1, cluster);
                ps.setString(2, instanceId);
                ps.executeUpdate();
            }
            commit(c, next);
            return next.revision();
        });
    }

    private static Instance instance(Snapshot s, String cluster, String instanceId) {
        for (Instance i : s.state().instances()) if (i.id().toString().equals(instanceId)) return i;
        throw new BackendException(BackendCode.UNKNOWN_INSTANCE, "cluster " + cluster + " has no instance " + instanceId
                + "; run `gpushare status --cluster " + cluster + "` to list its instances");
    }

    private static Snapshot withHealth(Snapshot current, String instanceId, boolean healthy, String reason) {
        // the state is normalized (read back or folded): the one instance changes, in its place
        List<Instance> instances = new ArrayList<>();
        for (Instance i : current.state().instances()) {
            instances.add(i.id().toString().equals(instanceId) ? new Instance(i.id(), i.owner(), i.instanceType(), healthy, reason, i.gpus()) : i);
        }
        FleetState state = new FleetState(current.state().cluster(), instances, List.of());
        return new Snapshot(state, current.revision() + 1, current.declaredLayouts(), null, current.rollouts());
    }

    @Override
    public Map<String, java.time.Instant> markedAt(String cluster) {
        return times("SELECT instance, marked_at FROM health_marks WHERE cluster = ?", cluster, "read the health marks of " + cluster);
    }

    @Override
    public Map<String, java.time.Instant> heartbeats(String cluster) {
        return times("SELECT instance, seen_at FROM agent_heartbeats WHERE cluster = ?", cluster, "read the heartbeats of " + cluster);
    }

    private Map<String, java.time.Instant> times(String sql, String cluster, String what) {
        return tx(what, c -> {
            Map<String, java.time.Instant> out = new TreeMap<>();
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, cluster);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.put(rs.getString(1), rs.getTimestamp(2).toInstant());
                }
            }
            return out;
        });
    }

    @Override
    public void heartbeat(String cluster, String instanceId, java.time.Instant at) {
        Snapshot s = read(cluster);
        instance(s, cluster, instanceId);
        update("record a heartbeat of " + instanceId, "INSERT INTO agent_heartbeats(cluster, instance, seen_at) VALUES (?, ?, ?)"
                + " ON CONFLICT (cluster, instance) DO UPDATE SET seen_at = excluded.seen_at", cluster, instanceId, java.sql.Timestamp.from(at));
    }

    @Override
    public void retainInstances(String cluster, java.util.Set<String> instances) {
        tx("forget terminated instances of " + cluster, c -> {
            String[] keep = instances.toArray(String[]::new);
            for (String table : List.of("agent_heartbeats", "health_marks")) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE cluster = ? AND NOT (instance = ANY (?))")) {
                    ps.setString(1, cluster);
                    ps.setArray(2, c.createArrayOf("text", keep));
                    ps.executeUpdate();
                }
            }
            c.commit();
            return null;
        });
    }

    @Override
    public void declareSpec(String cluster, String specJson) {
        update("keep the spec of " + cluster, "INSERT INTO cluster_specs(cluster, spec) VALUES (?, ?)"
                + " ON CONFLICT (cluster) DO UPDATE SET spec = excluded.spec, declared_at = now()", cluster, specJson);
    }

    @Override
    public Optional<String> declaredSpec(String cluster) {
        return tx("read the spec of " + cluster, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT spec FROM cluster_specs WHERE cluster = ?")) {
                ps.setString(1, cluster);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    @Override
    public Leadership leadership() {
        return new PgLeadership(url);
    }

    @Override
    public List<String> clusters() {
        return tx("list clusters", c -> {
            List<String> out = new ArrayList<>();
            // a row at revision 0 is one an apply is creating right now; an empty state is a
            // destroyed cluster whose row keeps its revision: neither is a cluster with state
            try (PreparedStatement ps = c.prepareStatement("SELECT name FROM clusters WHERE revision > 0 AND state <> ''"
                    + " ORDER BY name");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
            return out;
        });
    }

    /**
     * Empties the cluster's row and moves its revision on, keeping the row: revisions are never
     * reused, so a plan made before the destroy cannot apply after it. A cluster that never had
     * state leaves no row behind.
     */
    @Override
    public boolean destroy(String cluster) {
        return tx("destroy cluster " + cluster, c -> {
            lock(c, cluster); // waits for a running apply of this cluster to finish
            long revision;
            boolean hasState;
            try (PreparedStatement ps = c.prepareStatement("SELECT revision, state <> '' FROM clusters WHERE name = ?")) {
                ps.setString(1, cluster);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    revision = rs.getLong(1);
                    hasState = rs.getBoolean(2);
                }
            }
            if (revision == 0) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM clusters WHERE name = ?")) {
                    ps.setString(1, cluster);
                    ps.executeUpdate();
                }
            } else if (hasState) {
                try (PreparedStatement ps = c.prepareStatement("UPDATE clusters SET revision = revision + 1, state = '',"
                        + " declared_layouts = '{}', rollouts = '[]', updated_at = now() WHERE name = ?");
                     PreparedStatement keys = c.prepareStatement("DELETE FROM apply_keys WHERE cluster = ?")) {
                    ps.setString(1, cluster);
                    ps.executeUpdate();
                    keys.setString(1, cluster);
                    keys.executeUpdate();
                }
            }
            notifyChanged(c, cluster);
            // a destroyed cluster is not repaired back into existence
            for (String table : List.of("cluster_instances", "cluster_allocations", "cluster_specs", "health_marks", "agent_heartbeats")) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE cluster = ?")) {
                    ps.setString(1, cluster);
                    ps.executeUpdate();
                }
            }
            c.commit();
            changes.changed(cluster);
            cache.remove(cluster);
            return hasState && revision > 0;
        });
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return Optional.of(new DeclaredResources() {
            @Override
            public SortedMap<String, ObjectNode> declared(String cluster) {
                return tx("read declared resources of " + cluster, c -> {
                    SortedMap<String, ObjectNode> out = new TreeMap<>();
                    try (PreparedStatement ps = c.prepareStatement(
                            "SELECT key, fragment FROM declared_resources WHERE cluster = ? ORDER BY key")) {
                        ps.setString(1, cluster);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) out.put(rs.getString(1), DeclaredResources.fromText(rs.getString(2)));
                        }
                    }
                    return out;
                });
            }

            @Override
            public void declare(String cluster, String key, ObjectNode fragment) {
                update("declare " + key + " in " + cluster, "INSERT INTO declared_resources(cluster, key, fragment)"
                        + " VALUES (?, ?, ?) ON CONFLICT (cluster, key) DO UPDATE SET fragment = excluded.fragment",
                        cluster, key, DeclaredResources.toText(fragment));
            }

            @Override
            public void undeclare(String cluster, String key) {
                update("undeclare " + key + " in " + cluster, "DELETE FROM declared_resources WHERE cluster = ? AND key = ?", cluster, key);
            }
        });
    }

    @Override
    public boolean ready() {
        try {
            return tx("check the database", c -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT 1"); ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            });
        } catch (BackendException e) {
            return false;
        }
    }

    @Override
    public int cachedClusters() {
        return cache.size();
    }

    @Override
    public String describe() {
        return redact(url);
    }

    /** Reads that asked the database since the store opened (tests: a trusted snapshot asks nothing). */
    long databaseReads() {
        return databaseReads.get();
    }

    /** Who tells this store of changes (tests: its session, its connection's application_name). */
    ClusterChanges changes() {
        return changes;
    }

    @Override
    public void close() {
        changes.close();
        pool.close();
    }

    /**
     * Locks the cluster's row (creating it at revision 0 if missing) and reads the cluster: the
     * snapshot this server last read or wrote when the row is still that version, else from the rows.
     */
    private Snapshot lock(Connection c, String cluster) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO clusters(name, revision, state, declared_layouts)"
                + " VALUES (?, 0, '', '{}') ON CONFLICT (name) DO NOTHING")) {
            ps.setString(1, cluster);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT revision, state, declared_layouts, xmin::text, rollouts FROM clusters WHERE name = ? FOR UPDATE")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) throw new SQLException("cluster row vanished under its lock", "40001");
                Cached hit = cache.get(cluster);
                if (hit != null && hit.revision() == rs.getLong(1) && hit.version().equals(rs.getString(4))) return hit.snapshot();
                return load(c, cluster, rs);
            }
        }
    }

    /**
     * Writes what {@code next} changes of {@code current}: the rows of the instances and of the
     * allocations that differ (an instance the fold did not touch is the same object and is not
     * looked into), those of instances and allocations gone, and the cluster's row (revision; the
     * rest of the state document and the declared layouts when they changed).
     */
    private static void write(Connection c, Snapshot current, Snapshot next) throws SQLException {
        String cluster = next.state().cluster();
        Map<InstanceId, Instance> before = new java.util.HashMap<>();
        for (Instance i : current.state().instances()) before.put(i.id(), i);
        try (Rows rows = new Rows(c, cluster)) {
            for (Instance i : next.state().instances()) {
                Instance was = before.remove(i.id());
                if (was != i) rows.instance(was, i);
            }
            rows.gone(before.keySet());
        }
        // the rest of the state document: written when the cluster starts (or starts again after a
        // destroy, which empties it) and when its unplaced copies change
        boolean newHead = current.state().instances().isEmpty() || !current.state().unplaced().equals(next.state().unplaced());
        boolean newLayouts = !current.declaredLayouts().equals(next.declaredLayouts());
        boolean newRollouts = !current.rollouts().equals(next.rollouts());
        try (PreparedStatement ps = c.prepareStatement("UPDATE clusters SET revision = ?, updated_at = now()"
                + (newHead ? ", state = ?" : "") + (newLayouts ? ", declared_layouts = ?" : "")
                + (newRollouts ? ", rollouts = ?" : "") + " WHERE name = ?")) {
            int k = 1;
            ps.setLong(k++, next.revision());
            if (newHead) ps.setString(k++, ServiceWire.MAPPER.writeValueAsString(
                    StateJson.toTree(new FleetState(cluster, List.of(), next.state().unplaced()))));
            if (newLayouts) ps.setString(k++, layouts(next));
            if (newRollouts) ps.setString(k++, ServiceWire.MAPPER.writeValueAsString(next.rollouts()));
            ps.setString(k, cluster);
            ps.executeUpdate();
        }
        notifyChanged(c, cluster);
    }

    /**
     * Tells every listening server, when (and only if) this transaction commits, that the cluster's
     * row changed ({@link ClusterChanges}); PostgreSQL folds repeats within one transaction.
     */
    private static void notifyChanged(Connection c, String cluster) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify(?, ?)")) {
            ps.setString(1, ClusterChanges.CHANNEL);
            ps.setString(2, cluster);
            ps.executeQuery().close();
        }
    }

    private static String layouts(Snapshot s) {
        ObjectNode layouts = ServiceWire.NODES.objectNode();
        for (Map.Entry<InstanceId, List<String>> e : new TreeMap<>(s.declaredLayouts()).entrySet()) {
            e.getValue().forEach(layouts.putArray(e.getKey().toString())::add);
        }
        return ServiceWire.MAPPER.writeValueAsString(layouts);
    }

    /**
     * Commits what {@code next} wrote and keeps it as this server's last snapshot of its cluster. Its
     * stamp is the one right after this commit moved the change count, taken only if nothing else
     * moved it since before the commit (the row is locked until then: no other write of this cluster
     * could commit in between); else the snapshot is kept unstamped and the next read checks its version.
     */
    private void commit(Connection c, Snapshot next) throws SQLException {
        String cluster = next.state().cluster();
        ClusterChanges.Stamp before = changes.stamp(cluster);
        String version;
        try (PreparedStatement ps = c.prepareStatement("SELECT xmin::text FROM clusters WHERE name = ?")) {
            ps.setString(1, next.state().cluster());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                version = rs.getString(1);
            }
        }
        c.commit();
        changes.changed(cluster);
        ClusterChanges.Stamp after = changes.stamp(cluster);
        boolean alone = before != null && after != null && after.equals(new ClusterChanges.Stamp(before.session(), before.changes() + 1));
        cache.put(cluster, new Cached(next.revision(), version, next, alone ? after : null));
    }

    /** The cluster whose row {@code rs} holds (revision, state less instances, declared layouts), with its instance and allocation rows. */
    private static Snapshot load(Connection c, String cluster, ResultSet rs) throws SQLException {
        long revision = rs.getLong(1);
        String head = rs.getString(2);
        if (head.isEmpty()) return new Snapshot(FleetState.empty(cluster), revision, Map.of());
        ObjectNode state = (ObjectNode) ServiceWire.MAPPER.readTree(head);
        tools.jackson.databind.node.ArrayNode instances = state.putArray("instances");
        // per instance, its GPUs' allocation arrays by GPU index
        Map<String, Map<Integer, tools.jackson.databind.node.ArrayNode>> gpus = new java.util.HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT instance, doc FROM cluster_instances WHERE cluster = ?")) {
            ps.setString(1, cluster);
            ps.setFetchSize(1000);
            try (ResultSet docs = ps.executeQuery()) {
                while (docs.next()) {
                    ObjectNode i = (ObjectNode) ServiceWire.MAPPER.readTree(docs.getString(2));
                    Map<Integer, tools.jackson.databind.node.ArrayNode> byIndex = new java.util.HashMap<>();
                    for (tools.jackson.databind.JsonNode g : i.path("gpus")) {
                        byIndex.put(g.path("index").asInt(), ((ObjectNode) g).putArray("allocations"));
                    }
                    gpus.put(docs.getString(1), byIndex);
                    instances.add(i);
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT instance, gpu, doc FROM cluster_allocations WHERE cluster = ?")) {
            ps.setString(1, cluster);
            ps.setFetchSize(10_000);
            try (ResultSet docs = ps.executeQuery()) {
                while (docs.next()) gpus.get(docs.getString(1)).get(docs.getInt(2)).add(ServiceWire.MAPPER.readTree(docs.getString(3)));
            }
        }
        ObjectNode n = ServiceWire.NODES.objectNode();
        n.put("revision", revision);
        n.set("state", state);
        n.set("declaredLayouts", ServiceWire.MAPPER.readTree(rs.getString(3)));
        n.set("rollouts", ServiceWire.MAPPER.readTree(rs.getString(5)));
        Snapshot s = ServiceWire.snapshot(n);
        return new Snapshot(StateFold.normalize(s.state()), s.revision(), s.declaredLayouts(), s.supply(), s.rollouts());
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs {@code work} in a transaction (rolled back unless it committed) on a pooled connection. */
    private <T> T tx(String what, Work<T> work) {
        // HikariCP rolls back what was left open and evicts a connection that failed with a
        // connection error (SQL state class 08) when it returns
        try (Connection c = pool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new BackendException(BackendCode.BACKEND_IO, "could not " + what + " in " + describe() + ": " + e.getMessage(), e);
        }
    }

    /** Runs one writing statement, {@code params} bound in order (strings, timestamps), and commits. */
    private void update(String what, String sql, Object... params) {
        tx(what, c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
                ps.executeUpdate();
            }
            c.commit();
            return null;
        });
    }

    /** The URL without a password parameter, for messages and logs. */
    static String redact(String jdbcUrl) {
        return jdbcUrl.replaceAll("(?i)(password=)[^&]*", "$1***");
    }
}
