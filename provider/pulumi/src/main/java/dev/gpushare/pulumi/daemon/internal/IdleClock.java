package dev.gpushare.pulumi.daemon.internal;

import java.time.Duration;

/** Counts the open sessions; {@link #awaitIdle} returns once none has been open for the idle time. */
final class IdleClock {
    private final long idleNanos;
    private int active;
    private long idleSince = System.nanoTime();
    private boolean stopping;

    IdleClock(Duration idle) {
        this.idleNanos = idle.toNanos();
    }

    /** Counts a session in; false once the daemon stops for being idle (the client then serves the operation itself). */
    synchronized boolean begin() {
        if (stopping) return false;
        active++;
        return true;
    }

    synchronized void end() {
        if (--active == 0) {
            idleSince = System.nanoTime();
            notifyAll();
        }
    }

    synchronized void awaitIdle() throws InterruptedException {
        while (true) {
            long left = idleNanos - (System.nanoTime() - idleSince);
            if (active == 0 && left <= 0) {
                stopping = true;
                return;
            }
            if (active > 0) wait();
            else wait(Math.max(1, left / 1_000_000));
        }
    }
}
