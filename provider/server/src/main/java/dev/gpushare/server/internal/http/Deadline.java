package dev.gpushare.server.internal.http;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.EndPoint;

/**
 * One connection's deadline, in the phase it is in: Jetty's idle timeout is per read (a client
 * that drips a byte a second never trips it), so each phase — the head (and the TLS handshake)
 * from its first byte, the body from the end of the head, the answer, the wait for the next
 * request — gets a whole deadline of its own, after which the connection is closed without a word.
 * While the request is worked on there is none: the plan timeout bounds that.
 */
final class Deadline {
    enum Phase { HEAD, BODY, WORK, ANSWER, WAITING }

    private final EndPoint endPoint;
    private final ScheduledExecutorService timer;
    private Phase phase = Phase.HEAD;
    private ScheduledFuture<?> pending;

    Deadline(EndPoint endPoint, ScheduledExecutorService timer) {
        this.endPoint = endPoint;
        this.timer = timer;
    }

    /** Enters {@code next}; the connection is closed unless another phase starts within {@code millis} (0: never). */
    synchronized void enter(Phase next, long millis) {
        if (pending != null) pending.cancel(false);
        pending = null;
        phase = next;
        if (millis > 0) {
            try {
                pending = timer.schedule(() -> expire(next), millis, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                endPoint.close(); // the server is stopping
            }
        }
    }

    /** Bytes arrived: when between requests, the next request's head has started. */
    synchronized boolean bytesArrived(long headMillis) {
        if (phase != Phase.WAITING) return false;
        enter(Phase.HEAD, headMillis);
        return true;
    }

    synchronized Phase phase() {
        return phase;
    }

    private void expire(Phase in) {
        synchronized (this) {
            if (phase != in) return;
        }
        endPoint.close();
    }
}
