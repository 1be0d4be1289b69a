package dev.gpushare.server.internal;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * What this server knows of changes to clusters, so that {@link PgStore} may answer a read from the
 * snapshot it keeps without asking the database. One thread holds a connection of its own (outside
 * the pool, autocommit) that {@code LISTEN}s on {@value #CHANNEL}, where every transaction of any
 * server that writes a cluster's row notifies the cluster's name ({@code pg_notify} inside that
 * transaction: PostgreSQL delivers it only if the transaction commits, and after it has). Per
 * cluster a counter moves on every change this server learns of: a notification, or a commit of its
 * own ({@link #changed}).
 *
 * <p>The rule. A reader takes a {@link Stamp} — the listening session and the cluster's counter —
 * <em>before</em> it reads the cluster from the database, and keeps it with what it read. What it
 * kept may be answered without asking the database only while {@link #stamp} still gives that same
 * stamp. Why that is exact, up to the time a notification takes to arrive (by 3., less than {@link #LEASE}):
 * <ol>
 *   <li>a session is published only after its {@code LISTEN} has taken effect, so a stamp with a
 *       session was taken while the listener was already listening: every commit that follows the
 *       read (the read started after the stamp) notifies this listener, whose counter then moves;
 *   <li>a write between a read and the stamp check can only be missed if its notification is lost,
 *       that is, if the connection dropped: the session is then cleared (no stamp, no trust: every
 *       read asks the database, as without notifications) and the next connection is a new session,
 *       which no stamp taken before it matches — everything kept before a reconnect is asked about
 *       once (its row version), then trusted again under the new session;
 *   <li>a connection that stops delivering without closing (a network cut, a pooler that does not
 *       keep sessions) is not trusted for long: every {@link #PING} the listener notifies itself (a
 *       probe); notifications arrive in commit order, so a probe back means every change committed
 *       before it was sent has been counted, and a stamp is given only while that is less than
 *       {@link #LEASE} ago (a probe not back by then ends the connection);
 *   <li>this server's own commits move the counter right after they commit ({@link #changed}), so a
 *       read that raced a write here and kept the older snapshot is never trusted; the write's own
 *       notification arrives later and moves it once more (one row-version check, not a reload).
 * </ol>
 * A notification that arrives for a change the reader already saw costs one row-version check. What
 * the rule does not give is a read on one server seeing another server's commit before that commit's
 * notification arrives (milliseconds): a plan made against that snapshot names its revision, and the
 * apply, which locks the row and checks the revision, refuses it as a revision conflict.
 */
final class ClusterChanges implements AutoCloseable {
    /** The channel every write of a cluster's row notifies, with the cluster's name. */
    static final String CHANNEL = "gpushare_clusters";
    /** How long the listener waits for notifications before it looks at {@link #closed} and the ping. */
    static final Duration POLL = Duration.ofMillis(250);
    /** How often the listener sends itself a probe through the channel. */
    static final Duration PING = Duration.ofSeconds(1);
    /** How long after the send of the last probe that came back a stamp is still given. */
    static final Duration LEASE = Duration.ofSeconds(3);
    /** The first wait before reconnecting (doubling up to {@link #LAST_RETRY}). */
    static final Duration FIRST_RETRY = Duration.ofMillis(100);
    static final Duration LAST_RETRY = Duration.ofSeconds(5);

    /** A listening session and a cluster's change count, taken before a read. */
    record Stamp(long session, long changes) {}

    private final String url;
    private final String applicationName = "gpushare-changes-" + UUID.randomUUID().toString().substring(0, 8);
    private final Duration firstRetry;
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    /** The listening session: 0 while not listening; a new number for every connection. */
    private volatile long session;
    /** {@link System#nanoTime()} before which every committed change has been counted (the last probe back). */
    private volatile long heard;
    private volatile boolean closed;
    private volatile Connection connection;
    private final Thread thread;

    private ClusterChanges(String url, Duration firstRetry) {
        this.url = url;
        this.firstRetry = firstRetry;
        this.thread = Thread.ofPlatform().name(applicationName).daemon(true).unstarted(this::run);
    }

    /** Starts listening on {@code url} (a {@code jdbc:postgresql:} URL), in the background. */
    static ClusterChanges start(String url, Duration firstRetry) {
        ClusterChanges changes = new ClusterChanges(url, firstRetry);
        changes.thread.start();
        return changes;
    }

    /** The stamp to keep with what is read of {@code cluster} next, or null while not listening. */
    Stamp stamp(String cluster) {
        long s = session;
        if (s == 0 || System.nanoTime() - heard > LEASE.toNanos()) return null;
        AtomicLong count = counts.get(cluster);
        return new Stamp(s, count == null ? 0 : count.get());
    }

    /** A change of {@code cluster} this server made (called right after its commit) or was told of. */
    void changed(String cluster) {
        counts.computeIfAbsent(cluster, k -> new AtomicLong()).incrementAndGet();
    }

    /** The listening session, 0 while not listening (tests). */
    long session() {
        return stamp("") == null ? 0 : session;
    }

    /** The {@code application_name} of the listening connection (tests find its backend by it). */
    String applicationName() {
        return applicationName;
    }

    private void run() {
        long sessions = 0;
        Duration retry = firstRetry;
        while (!closed) {
            try (Connection c = connect()) {
                connection = c;
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL); // autocommit: listening from here on
                }
                heard = System.nanoTime();
                session = ++sessions;
                retry = firstRetry;
                listen(c);
            } catch (SQLException | RuntimeException e) {
                // dropped, refused or not yet reachable: not listening until the next connection
            } finally {
                session = 0;
                connection = null;
            }
            if (closed) return;
            LockSupport.parkNanos(retry.toNanos()); // close() unparks
            retry = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
        }
    }

    private Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("ApplicationName", applicationName);
        p.setProperty("connectTimeout", "5");
        p.setProperty("socketTimeout", "10"); // a probe that gets no answer fails instead of hanging
        return DriverManager.getConnection(url, p);
    }

    /**
     * Counts notifications until closed or the connection fails. Every {@link #PING} it notifies the
     * channel itself with an empty payload (a probe): notifications arrive in commit order, so when
     * its own probe comes back every change committed before the probe was sent has been counted,
     * and {@link #heard} moves to that time. A probe not back within {@link #LEASE} ends the
     * connection (one that answers queries but delivers no notifications — a pooler in transaction
     * mode — is not trusted, and is tried again).
     */
    private void listen(Connection c) throws SQLException {
        PGConnection pg = c.unwrap(PGConnection.class);
        int me = pg.getBackendPID();
        long probed = 0; // when the probe on its way was sent; 0: none
        long last = System.nanoTime();
        while (!closed) {
            PGNotification[] notes = pg.getNotifications((int) POLL.toMillis());
            if (notes != null) {
                for (PGNotification n : notes) {
                    if (!CHANNEL.equals(n.getName())) continue;
                    if (!n.getParameter().isEmpty()) {
                        changed(n.getParameter());
                    } else if (n.getPID() == me && probed != 0) {
                        heard = probed;
                        probed = 0;
                    }
                }
            }
            long now = System.nanoTime();
            if (probed != 0 && now - probed > LEASE.toNanos()) {
                throw new SQLException("the listener's probe did not come back within " + LEASE.toMillis() + " ms", "08006");
            }
            if (probed == 0 && now - last >= PING.toNanos()) {
                probed = now;
                last = now;
                try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify(?, '')")) {
                    ps.setString(1, CHANNEL);
                    ps.executeQuery().close();
                }
            }
        }
    }

    /** Stops listening: the thread ends and its connection closes (within about {@link #POLL}). */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join(POLL.toMillis() * 4);
            Connection c = connection;
            if (thread.isAlive() && c != null) {
                c.abort(Runnable::run); // stuck on a connection that does not answer
                thread.join(TimeUnit.SECONDS.toMillis(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException ignored) {
            // the connection is broken already; the thread ends on its error
        }
    }
}
