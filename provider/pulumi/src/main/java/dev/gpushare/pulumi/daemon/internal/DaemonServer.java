package dev.gpushare.pulumi.daemon.internal;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The daemon: first warms up (the build's training run, {@link #WARM_UPS} times, so that no operation
 * is served by a cold JVM), then accepts control connections on a loopback port (127.0.0.1 only;
 * the port in {@code port}, the token in {@code token}, both mode 0600 in this user's 0700
 * directory), checks the token before anything else and that the launcher's environment is the
 * daemon's own ({@link SessionEnvironment}), opens one {@link Session} per connection and closes it
 * when the connection ends. Exits after {@code idle} with no session, and on SIGTERM, closing every
 * session and removing its port, token, pid and lock files.
 */
public final class DaemonServer {
    private final DaemonFiles files;
    private final Duration idle;
    private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
    private final AtomicInteger ids = new AtomicInteger();
    private final IdleClock clock;
    private byte[] token;
    /** Training runs before the daemon is announced: measured, three leave a preview as fast as later ones. */
    public static final int WARM_UPS = 3;
    private ServerSocket server;
    private FileChannel lockChannel;
    private FileLock lock;

    public DaemonServer(DaemonFiles files, Duration idle) {
        this.files = files;
        this.idle = idle;
        this.clock = new IdleClock(idle);
    }

    /** Serves until idle or stopped; returns false at once when another daemon holds the directory. */
    public boolean run() throws IOException, InterruptedException {
        lockChannel = FileChannel.open(files.daemonLock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock = lockChannel.tryLock();
        if (lock == null) {
            DaemonLog.line("another daemon serves " + files.dir() + "; exiting");
            lockChannel.close();
            return false;
        }
        Files.deleteIfExists(files.port()); // left by a daemon that was killed
        Files.writeString(files.pid(), ProcessHandle.current().pid() + "\n");
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "daemon-shutdown"));
        long t0 = System.nanoTime();
        for (int i = 0; i < WARM_UPS; i++) Warmup.once();
        writeToken();
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        writePrivate(files.port(), (server.getLocalPort() + "\n").getBytes(StandardCharsets.US_ASCII)); // announced: clients come now
        DaemonLog.line("pid " + ProcessHandle.current().pid() + " warmed up in " + (System.nanoTime() - t0) / 1_000_000
                + " ms; serving 127.0.0.1:" + server.getLocalPort() + " (exits after " + idle.toSeconds() + " s with no session)");
        Thread idleWatch = Thread.ofPlatform().daemon().name("daemon-idle").start(() -> {
            try {
                clock.awaitIdle();
                DaemonLog.line("idle for " + idle.toSeconds() + " s; exiting");
                System.exit(0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            while (true) {
                Socket ch = server.accept();
                Thread.ofPlatform().daemon().name("daemon-connection").start(() -> serve(ch));
            }
        } catch (java.net.SocketException stopping) { // closed by shutdown
            return true;
        } finally {
            idleWatch.interrupt();
        }
    }

    private void writeToken() throws IOException {
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        token = HexFormat.of().formatHex(raw).getBytes(StandardCharsets.US_ASCII);
        writePrivate(files.token(), token);
    }

    /** Writes a file only this user can read (made 0600 before anything is written to it). */
    private static void writePrivate(java.nio.file.Path file, byte[] content) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(file, content);
    }

    private void serve(Socket ch) {
        Session session = null;
        try (Control c = new Control(ch)) {
            String offered = c.field(); // the token first: nothing else is read from a peer without it
            if (!MessageDigest.isEqual(offered.getBytes(StandardCharsets.UTF_8), token)) {
                DaemonLog.line("refused a connection with a wrong token");
                c.line(Control.ERROR, "refused: wrong token (a client of another daemon?)");
                return;
            }
            String command = c.field();
            if (!command.equals(Control.OPEN)) {
                c.line(Control.ERROR, "unknown command " + command);
                return;
            }
            String cwd = c.field();
            int n = c.count(1024);
            List<String> args = new ArrayList<>();
            for (int i = 0; i < n; i++) args.add(c.field());
            int m = c.count(4096);
            SortedMap<String, String> env = new TreeMap<>();
            for (int i = 0; i < m; i++) {
                String kv = c.field();
                int eq = kv.indexOf('=');
                if (eq > 0) env.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            SortedMap<String, String> offeredEnv = SessionEnvironment.select(env);
            if (!offeredEnv.equals(SessionEnvironment.select(System.getenv()))) {
                DaemonLog.line("refused a session: its environment is not the daemon's " + SessionEnvironment.differing(
                        offeredEnv, SessionEnvironment.select(System.getenv())));
                c.line(Control.ERROR, Control.STOPPING + ": the operation's environment is not this daemon's");
                return;
            }
            if (!clock.begin()) {
                c.line(Control.ERROR, Control.STOPPING + ": the daemon is stopping (idle)");
                return;
            }
            try {
                session = Session.open(ids.incrementAndGet(), cwd, args);
            } catch (IllegalArgumentException | IOException e) {
                clock.end();
                DaemonLog.line("session refused: " + e.getMessage());
                c.line(Control.ERROR, e.getMessage());
                return;
            }
            sessions.add(session);
            DaemonLog.line("session " + session.id() + " on port " + session.port() + " for " + cwd + " " + args);
            c.line(Control.PORT, Integer.toString(session.port()));
            String next = c.field(); // blocks for the operation's length
            String trouble = close(session, "the client asked (" + next + ")");
            if (trouble != null) c.line(Control.LOG, "gpushare-provider: " + trouble);
            if (next.equals(Control.CLOSE)) c.line(Control.CLOSED, "");
        } catch (EOFException | java.net.SocketException gone) {
            if (session != null) close(session, "the client is gone");
        } catch (IOException | RuntimeException e) {
            DaemonLog.line("connection failed: " + e);
            if (session != null) close(session, "its connection failed");
        }
    }

    /** Closes the session once; returns what went wrong closing its backend, or null. */
    private String close(Session session, String why) {
        if (!sessions.remove(session)) return null;
        String trouble = session.close();
        DaemonLog.line("session " + session.id() + " closed: " + why);
        clock.end();
        return trouble;
    }

    private void shutdown() {
        DaemonLog.line("stopping: closing " + sessions.size() + " session(s)");
        try {
            if (server != null) server.close();
        } catch (IOException e) {
            DaemonLog.line("closing the socket: " + e);
        }
        for (Session s : List.copyOf(sessions)) close(s, "the daemon stops");
        try {
            Files.deleteIfExists(files.port());
            Files.deleteIfExists(files.token());
            Files.deleteIfExists(files.pid());
            Files.deleteIfExists(files.daemonLock());
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            DaemonLog.line("removing its files: " + e);
        }
        DaemonLog.line("stopped");
    }
}
