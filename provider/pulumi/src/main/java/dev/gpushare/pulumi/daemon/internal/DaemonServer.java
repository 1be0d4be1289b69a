package dev.gpushare.pulumi.daemon.internal;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The daemon: accepts control connections on {@code daemon.sock} (its directory is this user's
 * only), checks the token of {@code token} (mode 0600), opens one {@link Session} per connection
 * and closes it when the connection ends. Exits after {@code idle} with no session, and on SIGTERM,
 * closing every session and removing its socket, token, pid and lock files.
 */
public final class DaemonServer {
    private final DaemonFiles files;
    private final Duration idle;
    private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
    private final AtomicInteger ids = new AtomicInteger();
    private final IdleClock clock;
    private byte[] token;
    private ServerSocketChannel server;
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
        writeToken();
        Files.deleteIfExists(files.socket()); // left by a daemon that was killed
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(files.socket()));
        Files.writeString(files.pid(), ProcessHandle.current().pid() + "\n");
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "daemon-shutdown"));
        DaemonLog.line("pid " + ProcessHandle.current().pid() + " serving " + files.socket() + " (exits after "
                + idle.toSeconds() + " s with no session)");
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
                SocketChannel ch = server.accept();
                Thread.ofPlatform().daemon().name("daemon-connection").start(() -> serve(ch));
            }
        } catch (java.nio.channels.ClosedChannelException stopping) {
            return true;
        } finally {
            idleWatch.interrupt();
        }
    }

    private void writeToken() throws IOException {
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        token = HexFormat.of().formatHex(raw).getBytes(StandardCharsets.US_ASCII);
        Files.deleteIfExists(files.token());
        Files.createFile(files.token(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(files.token(), token);
    }

    private void serve(SocketChannel ch) {
        Session session = null;
        try (Control c = new Control(ch)) {
            String offered = c.in.readUTF();
            if (!MessageDigest.isEqual(offered.getBytes(StandardCharsets.US_ASCII), token)) {
                DaemonLog.line("refused a connection with a wrong token");
                c.send(Control.ERROR, "refused: wrong token (a client of another daemon?)");
                return;
            }
            String command = c.in.readUTF();
            if (!command.equals(Control.OPEN)) {
                c.send(Control.ERROR, "unknown command " + command);
                return;
            }
            String cwd = c.in.readUTF();
            int n = c.in.readInt();
            List<String> args = new ArrayList<>();
            for (int i = 0; i < n; i++) args.add(c.in.readUTF());
            if (!clock.begin()) {
                c.send(Control.ERROR, Control.STOPPING + ": the daemon is stopping (idle)");
                return;
            }
            try {
                session = Session.open(ids.incrementAndGet(), cwd, args);
            } catch (IllegalArgumentException | IOException e) {
                clock.end();
                DaemonLog.line("session refused: " + e.getMessage());
                c.send(Control.ERROR, e.getMessage());
                return;
            }
            sessions.add(session);
            DaemonLog.line("session " + session.id() + " on port " + session.port() + " for " + cwd + " " + args);
            c.send(Control.PORT);
            c.out.writeInt(session.port());
            c.out.flush();
            String next = c.in.readUTF(); // blocks for the operation's length
            close(session, "the client asked (" + next + ")");
            if (next.equals(Control.CLOSE)) c.send(Control.CLOSED);
        } catch (EOFException | java.nio.channels.AsynchronousCloseException gone) {
            if (session != null) close(session, "the client is gone");
        } catch (IOException | RuntimeException e) {
            DaemonLog.line("connection failed: " + e);
            if (session != null) close(session, "its connection failed");
        }
    }

    private void close(Session session, String why) {
        if (!sessions.remove(session)) return;
        session.close();
        DaemonLog.line("session " + session.id() + " closed: " + why);
        clock.end();
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
            Files.deleteIfExists(files.socket());
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
