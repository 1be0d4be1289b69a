package dev.gpushare.pulumi.daemon.internal;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One control connection between the launcher (bash, through {@code /dev/tcp}) and the daemon, on
 * the daemon's loopback port. The launcher sends NUL-terminated fields; the daemon answers lines:
 * <pre>
 * launcher: TOKEN "open" CWD N ARG1..ARGN M NAME=VALUE1..NAME=VALUEM   (the selected environment)
 * daemon:   "port PORT" | "error MESSAGE"   (an error that begins with "stopping": serve the operation elsewhere)
 * daemon:   "log TEXT" (any number: the launcher writes TEXT to its stderr)
 * launcher: "close"                         daemon: "closed"   (the session is closed then)
 * </pre>
 * The session lives as long as the connection: when it ends (the launcher is killed), the daemon
 * closes the session.
 */
public final class Control implements AutoCloseable {
    public static final String OPEN = "open", CLOSE = "close", PORT = "port", ERROR = "error", CLOSED = "closed",
            LOG = "log", STOPPING = "stopping";
    /** Longest field accepted (a path, an argument, a variable): a peer cannot make the daemon buffer more. */
    static final int MAX_FIELD = 64 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public Control(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** The next NUL-terminated field; EOFException when the connection ends. */
    public String field() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) throw new EOFException("the connection ended");
            if (b == 0) return buf.toString(StandardCharsets.UTF_8);
            if (buf.size() >= MAX_FIELD) throw new IOException("a field longer than " + MAX_FIELD + " bytes");
            buf.write(b);
        }
    }

    /** The next field as a count (0..{@code max}). */
    public int count(int max) throws IOException {
        String f = field();
        try {
            int n = Integer.parseInt(f);
            if (n >= 0 && n <= max) return n;
        } catch (NumberFormatException e) {
            // below
        }
        throw new IOException("expected a count up to " + max + ", got " + f);
    }

    /** Sends one line: a word and its text (newlines in the text become spaces). */
    public void line(String word, String text) throws IOException {
        String t = text.isEmpty() ? word : word + " " + text.replace('\n', ' ').replace('\r', ' ');
        out.write((t + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
