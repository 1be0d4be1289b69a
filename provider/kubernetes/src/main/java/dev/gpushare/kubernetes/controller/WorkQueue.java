package dev.gpushare.kubernetes.controller;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The controller's work queue, keyed by gpushare cluster: adding a key that is already waiting
 * keeps one entry (a burst of events is one reconcile), a key being worked on that is added again
 * is worked on once more when it is done (level-triggered: the next reconcile reads the world as it
 * is then), a failed key comes back after an exponential backoff, and {@link #addAfter} schedules a
 * key (a resync, a repair grace ending). One key is never worked on twice at once.
 */
public final class WorkQueue {
    private final Duration baseBackoff;
    private final Duration maxBackoff;
    /** key → when it is due (nanoTime). */
    private final Map<String, Long> due = new HashMap<>();
    private final Set<String> working = new HashSet<>();
    /** keys added while being worked on: due again at this time once done. */
    private final Map<String, Long> again = new HashMap<>();
    private final Map<String, Integer> failures = new HashMap<>();
    private boolean closed;

    public WorkQueue(Duration baseBackoff, Duration maxBackoff) {
        this.baseBackoff = baseBackoff;
        this.maxBackoff = maxBackoff;
    }

    public synchronized void add(String key) {
        addAt(key, System.nanoTime());
    }

    public synchronized void addAfter(String key, Duration delay) {
        addAt(key, System.nanoTime() + delay.toNanos());
    }

    private void addAt(String key, long at) {
        if (closed) return;
        if (working.contains(key)) {
            again.merge(key, at, Math::min);
            return;
        }
        due.merge(key, at, Math::min);
        notifyAll();
    }

    /** The next due key (then being worked on), waiting for one; empty once closed. */
    public synchronized Optional<String> take() throws InterruptedException {
        while (!closed) {
            long now = System.nanoTime();
            String next = null;
            long nextAt = Long.MAX_VALUE;
            for (Map.Entry<String, Long> e : due.entrySet()) {
                if (e.getValue() < nextAt) {
                    nextAt = e.getValue();
                    next = e.getKey();
                }
            }
            if (next != null && nextAt <= now) {
                due.remove(next);
                working.add(next);
                return Optional.of(next);
            }
            long waitNanos = next == null ? 0 : nextAt - now;
            if (next == null) wait();
            else wait(Math.max(1, waitNanos / 1_000_000), 0);
        }
        return Optional.empty();
    }

    /** The key's reconcile is over: {@code ok} forgets its failures, else it is due again after the backoff. */
    public synchronized Duration done(String key, boolean ok) {
        working.remove(key);
        Duration backoff = Duration.ZERO;
        if (ok) {
            failures.remove(key);
        } else {
            int n = failures.merge(key, 1, Integer::sum);
            long nanos = baseBackoff.toNanos() << Math.min(20, n - 1);
            backoff = Duration.ofNanos(Math.min(nanos, maxBackoff.toNanos()));
            again.merge(key, System.nanoTime() + backoff.toNanos(), Math::max);
        }
        Long at = again.remove(key);
        if (at != null && !closed) due.merge(key, at, Math::min);
        notifyAll();
        return backoff;
    }

    /** Keys waiting (due now or later), not counting those being worked on. */
    public synchronized int depth() {
        return due.size();
    }

    public synchronized void close() {
        closed = true;
        notifyAll();
    }
}
