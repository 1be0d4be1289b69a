package dev.gpushare.server.internal.http;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;

/**
 * One request on Jetty, from its head to its answer: the API's {@link Handler#head} check
 * (token, route, declared length) before any of the body is read — so {@code Expect:
 * 100-continue} is answered only then, by Jetty, when the body is first read —, the body read
 * within its deadline and limit, the work on the bounded pool while the client is watched
 * ({@link ClientWatch}: the work is interrupted when it leaves) and the plan timeout runs, and the
 * answer written within its deadline. {@code /healthz} is answered on Jetty's own thread.
 */
final class Exchange {
    /** Header fields at most: a real client sends a dozen. */
    static final int MAX_FIELDS = 100;

    private final Request request;
    private final org.eclipse.jetty.server.Response response;
    private final Callback callback;
    private final GuardedConnectionFactory.Guarded connection;
    private final Serving serving;
    private final AtomicBoolean answered = new AtomicBoolean();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private RequestHead head;
    private volatile ClientWatch watch;
    private volatile ScheduledFuture<?> timeout;

    Exchange(Request request, org.eclipse.jetty.server.Response response, Callback callback, Serving serving) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.connection = (GuardedConnectionFactory.Guarded) request.getConnectionMetaData().getConnection();
        this.serving = serving;
    }

    void start() {
        connection.deadline.enter(Deadline.Phase.WORK, 0); // the head is in
        if (request.getHeaders().size() > MAX_FIELDS) {
            answer(serving.api().protocolError(new ProtocolError(431, "HEADERS_TOO_LARGE", "more than " + MAX_FIELDS
                    + " header fields")).closing());
            return;
        }
        head = head(request);
        Response early = serving.api().head(head);
        if (early != null) {
            // refused before its body was read: the connection cannot be reused unless there is none
            answer(head.hasBody() ? early.closing() : early);
            return;
        }
        if (head.hasBody()) {
            connection.deadline.enter(Deadline.Phase.BODY, serving.limits().bodyTimeout().toMillis());
            read();
        } else {
            work();
        }
    }

    private static RequestHead head(Request r) {
        InetAddress client = r.getConnectionMetaData().getRemoteSocketAddress() instanceof InetSocketAddress a
                ? a.getAddress() : InetAddress.getLoopbackAddress();
        boolean chunked = r.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
        String path = r.getHttpURI().getPath();
        return new RequestHead(r.getMethod(), path == null ? "/" : path, r.getConnectionMetaData().getProtocol(),
                Headers.of(r.getHeaders()), chunked ? -1 : r.getLength(), chunked, client);
    }

    /** Reads the body as it arrives (Jetty's demand), never past the limit. */
    private void read() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                request.demand(this::read);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                Throwable failure = chunk.getFailure();
                if (failure instanceof HttpException h) {
                    answer(serving.api().protocolError(ErrorAnswers.classify(h.getCode(), h.getReason() == null ? "" : h.getReason(),
                            serving.limits().maxHeaderBytes())).closing());
                } else {
                    gone();
                }
                return;
            }
            ByteBuffer b = chunk.getByteBuffer();
            if (body.size() + (long) b.remaining() > serving.bodyLimit()) {
                chunk.release();
                answer(serving.api().tooLarge().closing());
                return;
            }
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            body.write(bytes, 0, bytes.length);
            chunk.release();
            if (chunk.isLast()) {
                work();
                return;
            }
        }
    }

    /** The request handled: liveness here, the rest on the work pool while the client is watched. */
    private void work() {
        connection.deadline.enter(Deadline.Phase.WORK, 0);
        byte[] bytes = body.toByteArray();
        if (serving.api().inline(head)) {
            answer(serving.api().handle(head, bytes));
            return;
        }
        FutureTask<Void> task = new FutureTask<>(() -> {
            answer(serving.api().handle(head, bytes));
            return null;
        });
        // the watch and the timeout are set before the work starts: an answer that comes at once finds them to stop
        watch = ClientWatch.start(connection, () -> {
            task.cancel(true);
            gone();
        }, serving.timer());
        long limit = serving.limits().planTimeout().toMillis() + serving.limits().planWait().toMillis();
        timeout = serving.timer().schedule(() -> {
            task.cancel(true);
            answer(serving.api().unavailable("the request took longer than " + serving.limits().planTimeout().toSeconds()
                    + " s and was cancelled; send a smaller spec, or retry when the server is less busy").closing());
        }, limit, TimeUnit.MILLISECONDS);
        try {
            serving.workers().execute(task);
        } catch (RejectedExecutionException e) {
            answer(serving.api().unavailable("every worker of the server is busy; retry in a few seconds"));
        }
    }

    /** The client left (or its connection failed): nothing to answer, the connection is closed. */
    private void gone() {
        if (!answered.compareAndSet(false, true)) return;
        if (timeout != null) timeout.cancel(false);
        connection.getEndPoint().close();
        callback.succeeded();
    }

    private void answer(Response r) {
        if (!answered.compareAndSet(false, true)) return;
        if (timeout != null) timeout.cancel(false);
        if (watch != null) watch.stop();
        connection.deadline.enter(Deadline.Phase.ANSWER, serving.limits().responseTimeout().toMillis());
        write(response, r, callback, () -> connection.deadline.enter(Deadline.Phase.WAITING, serving.limits().idleTimeout().toMillis()));
    }

    /**
     * Writes {@code r} as the whole answer, {@code Content-Length} set; {@code written} runs before Jetty is told
     * (it may start the next request). A direct body (a kept answer) goes to Jetty in one write: the socket takes
     * it as it is, without a copy. A heap body goes in {@link Slices}.
     */
    static void write(org.eclipse.jetty.server.Response response, Response r, Callback callback, Runnable written) {
        ByteBuffer body = r.body().duplicate();
        response.setStatus(r.status());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, r.contentType());
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.remaining());
        for (Map.Entry<String, String> h : r.headers().entrySet()) response.getHeaders().put(new HttpField(h.getKey(), h.getValue()));
        if (r.close()) response.getHeaders().put(HttpHeader.CONNECTION, "close");
        Callback done = Callback.from(() -> {
            if (written != null) written.run();
            callback.succeeded();
        }, callback::failed);
        if (body.isDirect()) {
            response.write(true, body, done);
        } else {
            new Slices(response, body, done).iterate();
        }
    }
}
