package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One client connection, on its own virtual thread: requests one after another (keep-alive), each
 * read within its deadlines (a watchdog closes the socket when one passes, so a slow client holds
 * a virtual thread and a socket, never a worker), authenticated before its body is read, handled on
 * the bounded work pool while the connection is watched for the client leaving (then the work is
 * interrupted), and answered within the response deadline.
 */
final class Connection implements Runnable {
    /** How often a connection waiting for its answer looks whether the client is still there. */
    static final int WATCH_MILLIS = 100;

    private final Socket socket;
    private final Handler handler;
    private final ServiceLimits limits;
    private final long bodyLimit;
    private final ExecutorService workers;
    private final ScheduledExecutorService watchdog;
    private final Runnable onClose;

    Connection(Socket socket, Handler handler, ServiceLimits limits, long bodyLimit, ExecutorService workers,
               ScheduledExecutorService watchdog, Runnable onClose) {
        this.socket = socket;
        this.handler = handler;
        this.limits = limits;
        this.bodyLimit = bodyLimit;
        this.workers = workers;
        this.watchdog = watchdog;
        this.onClose = onClose;
    }

    @Override
    public void run() {
        try (socket) {
            PushbackInputStream in = new PushbackInputStream(new BufferedInputStream(socket.getInputStream(), 8192), 1);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
            // the TLS handshake and the first request share the header deadline
            ScheduledFuture<?> deadline = closeAfter(limits.headerTimeout().toMillis());
            if (socket instanceof javax.net.ssl.SSLSocket tls) {
                socket.setSoTimeout((int) limits.headerTimeout().toMillis());
                tls.startHandshake();
            }
            boolean first = true;
            while (!socket.isClosed()) {
                if (!first) deadline = closeAfter(limits.idleTimeout().toMillis());
                socket.setSoTimeout((int) (first ? limits.headerTimeout() : limits.idleTimeout()).toMillis());
                int b = in.read();
                deadline.cancel(false);
                if (b < 0) return;
                first = false;
                if (!exchange(b, in, out)) return;
            }
        } catch (IOException | RuntimeException e) {
            // a client gone, a deadline passed (the socket was closed under the read): nothing to answer
        } finally {
            onClose.run();
        }
    }

    /** One request and its answer; false when the connection is to be closed. */
    private boolean exchange(int firstByte, PushbackInputStream in, OutputStream out) throws IOException {
        ScheduledFuture<?> deadline = closeAfter(limits.headerTimeout().toMillis());
        socket.setSoTimeout((int) limits.headerTimeout().toMillis());
        RequestHead head;
        try {
            head = HeadReader.read(firstByte, in, limits.maxHeaderBytes(), socket.getInetAddress());
        } catch (ProtocolError e) {
            deadline.cancel(false);
            write(out, handler.protocolError(e).closing(), false);
            return false;
        } finally {
            deadline.cancel(false);
        }
        Response early = handler.head(head);
        if (early != null) {
            // refused before its body was read: the connection cannot be reused unless there is none
            write(out, head.hasBody() ? early.closing() : early, head.method().equals("HEAD"));
            return !head.hasBody() && !early.close() && head.keepAlive();
        }
        if (head.hasBody() && "100-continue".equalsIgnoreCase(head.headers().first("Expect"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
        byte[] body;
        deadline = closeAfter(limits.bodyTimeout().toMillis());
        socket.setSoTimeout((int) limits.bodyTimeout().toMillis());
        try {
            body = BodyReader.read(head, in, bodyLimit);
        } catch (ProtocolError e) {
            write(out, handler.protocolError(e).closing(), false);
            return false;
        } catch (BodyReader.TooLarge e) {
            write(out, handler.tooLarge().closing(), false);
            return false;
        } finally {
            deadline.cancel(false);
        }
        Response answer = handler.inline(head) ? handler.handle(head, body) : work(head, body, in);
        if (answer == null) return false; // the client left while its request was worked on
        write(out, answer, head.method().equals("HEAD"));
        return !answer.close() && head.keepAlive();
    }

    /** The request handled on the work pool, cancelled when the client leaves or the plan timeout passes. */
    private Response work(RequestHead head, byte[] body, PushbackInputStream in) throws IOException {
        Future<Response> f;
        try {
            f = workers.submit(() -> handler.handle(head, body));
        } catch (RejectedExecutionException e) {
            return handler.unavailable("every worker of the server is busy; retry in a few seconds").withHeader("Retry-After", "2");
        }
        long until = System.nanoTime() + limits.planTimeout().toNanos() + limits.planWait().toNanos();
        socket.setSoTimeout(WATCH_MILLIS);
        while (true) {
            try {
                return f.get(WATCH_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (System.nanoTime() > until) {
                    f.cancel(true);
                    return handler.unavailable("the request took longer than " + limits.planTimeout().toSeconds()
                            + " s and was cancelled; send a smaller spec, or retry when the server is less busy").closing();
                }
                if (clientLeft(in)) {
                    f.cancel(true);
                    return null;
                }
            } catch (CancellationException e) {
                return null;
            } catch (InterruptedException e) {
                f.cancel(true);
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                // the handler turns every failure into an answer; this is a bug in it
                throw new IOException(e.getCause());
            }
        }
    }

    /**
     * True when the client closed its side. A byte that arrives instead (a pipelined request) is
     * pushed back for the next exchange.
     */
    private boolean clientLeft(PushbackInputStream in) throws IOException {
        try {
            if (in.available() > 0) return false;
            int b = in.read();
            if (b < 0) return true;
            in.unread(b);
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private void write(OutputStream out, Response r, boolean head) throws IOException {
        ScheduledFuture<?> deadline = closeAfter(limits.responseTimeout().toMillis());
        try {
            StringBuilder sb = new StringBuilder(256);
            sb.append("HTTP/1.1 ").append(r.status()).append(' ').append(reason(r.status())).append("\r\n");
            sb.append("Content-Type: ").append(r.contentType()).append("\r\n");
            sb.append("Content-Length: ").append(r.body().length).append("\r\n");
            for (Map.Entry<String, String> h : r.headers().entrySet()) {
                sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
            }
            if (r.close()) sb.append("Connection: close\r\n");
            sb.append("\r\n");
            out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (!head) out.write(r.body());
            out.flush();
        } finally {
            deadline.cancel(false);
        }
    }

    private ScheduledFuture<?> closeAfter(long millis) {
        return watchdog.schedule(() -> {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is all there is to do
            }
        }, millis, TimeUnit.MILLISECONDS);
    }

    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status";
        };
    }
}
