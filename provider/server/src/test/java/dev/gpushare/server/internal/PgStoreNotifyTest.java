package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.server.TestServers;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Fleet;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Two stores on one database, as two servers: a store answers a read from its kept snapshot without
 * asking the database while its listener knows nothing changed; a write through the other store is
 * seen once its notification arrives; with the listener's connection killed, reads ask the database
 * (and see every write at once), and after the reconnect they trust notifications again.
 */
@EnabledIfEnvironmentVariable(named = "GPUSHARE_TEST_PG_URL", matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class PgStoreNotifyTest {
    private static final String URL = System.getenv("GPUSHARE_TEST_PG_URL");
    /** The longest a notification or a reconnect may take here (a shared, loaded machine). */
    private static final Duration BOUND = Duration.ofSeconds(20);

    @BeforeEach
    void reset() throws Exception {
        TestServers.resetPg();
    }

    @Test
    void aWriteThroughOneStoreIsSeenByTheOtherWhoseTrustedReadsAskNothing() throws Exception {
        try (PgStore a = PgStore.open(URL, 2); PgStore b = PgStore.open(URL, 2)) {
            await("both listening", () -> a.changes().session() > 0 && b.changes().session() > 0);
            assertThat(a.apply("c", 0, List.of(launch("l4-0")), null)).isEqualTo(new BatchResult.Committed(1));
            // a's own write is what a reads at once (kept by its commit, no notification awaited)
            assertThat(a.read("c").revision()).isEqualTo(1);

            assertThat(b.read("c").revision()).isEqualTo(1);
            // a's notification may still be on its way to b (it arrived after or before b's read): once
            // b has re-checked after it, b's reads ask the database nothing while nothing changes
            awaitTrusted(b, "c");
            long asked = b.databaseReads();
            for (int i = 0; i < 50; i++) assertThat(b.read("c").revision()).isEqualTo(1);
            assertThat(b.databaseReads()).as("reads of an unchanged cluster with the listener up").isEqualTo(asked);

            // b trusts its copy: only a's notification can make it read revision 2
            assertThat(a.apply("c", 1, List.of(launch("l4-1")), null)).isEqualTo(new BatchResult.Committed(2));
            await("b sees revision 2", () -> b.read("c").revision() == 2);
            assertThat(b.read("c").state().instances()).extracting(i -> i.id().toString()).containsExactly("l4-0", "l4-1");

            // a health mark and a destroy are writes of the cluster's row as well
            awaitTrusted(b, "c");
            a.markUnhealthy("c", "l4-0", "gone");
            await("b sees the mark", () -> !b.read("c").state().instances().getFirst().healthy());
            awaitTrusted(b, "c");
            assertThat(a.destroy("c")).isTrue();
            await("b sees the destroy", () -> b.read("c").state().instances().isEmpty());
        }
    }

    @Test
    void withItsListenerKilledAStoreAsksTheDatabaseAndTrustsNotificationsAgainAfterTheReconnect() throws Exception {
        // b waits 3 s before reconnecting: long enough to read while it does not listen
        try (PgStore a = PgStore.open(URL, 2); PgStore b = PgStore.open(URL, 2, Duration.ofSeconds(3))) {
            await("both listening", () -> a.changes().session() > 0 && b.changes().session() > 0);
            assertThat(a.apply("c", 0, List.of(launch("l4-0")), null)).isEqualTo(new BatchResult.Committed(1));
            assertThat(b.read("c").revision()).isEqualTo(1);
            awaitTrusted(b, "c");
            long session = b.changes().session();

            assertThat(terminate(b.changes().applicationName())).as("b's listener backend").isEqualTo(1);
            await("b noticed", () -> b.changes().session() != session);
            assertThat(b.changes().session()).as("still waiting to reconnect").isZero();
            // not listening: every read asks the database, and sees a's write at once
            assertThat(a.apply("c", 1, List.of(launch("l4-1")), null)).isEqualTo(new BatchResult.Committed(2));
            long asked = b.databaseReads();
            assertThat(b.read("c").revision()).isEqualTo(2);
            assertThat(b.read("c").revision()).isEqualTo(2);
            assertThat(b.databaseReads()).isEqualTo(asked + 2);

            await("b listening again", () -> b.changes().session() > 0);
            assertThat(b.changes().session()).isGreaterThan(session);
            // what b kept before the reconnect is checked once, then trusted; a's next write is notified
            awaitTrusted(b, "c");
            assertThat(a.apply("c", 2, List.of(launch("l4-2")), null)).isEqualTo(new BatchResult.Committed(3));
            await("b sees revision 3", () -> b.read("c").revision() == 3);
        }
    }

    @Test
    void aListenerWhoseProbesComeBackKeepsItsSessionPastTheLease() throws Exception {
        try (PgStore store = PgStore.open(URL, 2)) {
            await("listening", () -> store.changes().session() > 0);
            long session = store.changes().session();
            // the first answer (the LISTEN) is older than the lease by then: only probes that came
            // back (every PING) keep the session given; one that did not would end the connection
            long until = System.nanoTime() + ClusterChanges.LEASE.plus(ClusterChanges.PING.multipliedBy(2)).toNanos();
            while (System.nanoTime() < until) {
                assertThat(store.changes().session()).isEqualTo(session);
                Thread.sleep(50);
            }
        }
    }

    @Test
    void closingTheStoreEndsItsListenerAndItsConnection() throws Exception {
        PgStore store = PgStore.open(URL, 2);
        String name = store.changes().applicationName();
        await("listening", () -> store.changes().session() > 0);
        assertThat(backends(name)).isEqualTo(1);
        store.close();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals(name));
        await("its backend gone", () -> backends(name) == 0);
    }

    /** Reads until one asks the database nothing (after the notifications in flight are in). */
    /**
     * A read that misses its kept copy reads the cluster's row and its instance rows in separate
     * statements; they must see one commit. The writer launches one instance per batch, so revision r
     * has exactly r instances; a read between a batch's commit and the next statement would see
     * revision r with r + 1 instances (or the reverse) at READ COMMITTED.
     */
    @Test
    void aReadWhileAnotherStoreWritesSeesOneRevisionOfRowAndInstances() throws Exception {
        int batches = 300;
        try (PgStore writer = PgStore.open(URL, 2); PgStore reader = PgStore.open(URL, 2)) {
            java.util.concurrent.atomic.AtomicReference<String> mixed = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
            Thread reads = new Thread(() -> {
                while (!done.get() && mixed.get() == null) {
                    var s = reader.read("c");
                    if (s.state().instances().size() != s.revision()) {
                        mixed.set("revision " + s.revision() + " with " + s.state().instances().size() + " instances");
                    }
                }
            });
            reads.start();
            try {
                for (int r = 0; r < batches && mixed.get() == null; r++) {
                    assertThat(writer.apply("c", r, List.of(launch("l4-" + r)), null)).isEqualTo(new BatchResult.Committed(r + 1));
                }
            } finally {
                done.set(true);
                reads.join();
            }
            assertThat(mixed.get()).as("a read that mixed two commits").isNull();
            assertThat(reader.databaseReads()).as("reads that went to the database").isPositive();
        }
    }

    private static void awaitTrusted(PgStore store, String cluster) throws Exception {
        await("a trusted read of " + cluster, () -> {
            store.read(cluster);
            long before = store.databaseReads();
            store.read(cluster);
            return store.databaseReads() == before;
        });
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %s for: %s", BOUND, what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static int terminate(String applicationName) throws Exception {
        return count("SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?) t",
                applicationName);
    }

    private static int backends(String applicationName) {
        try {
            return count("SELECT count(*) FROM pg_stat_activity WHERE application_name = ?", applicationName);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int count(String sql, String applicationName) throws Exception {
        try (Connection c = DriverManager.getConnection(URL); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, applicationName);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** An idle g6.12xlarge (4 × L4) of provider l4. */
    private static Action launch(String id) {
        return new Action.LaunchInstance(Fleet.mpsInstance(id, "l4", List.of()), null, null);
    }
}
