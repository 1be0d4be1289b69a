package dev.gpushare.server.internal;

import java.time.Duration;

/**
 * The wait between the rounds of a loop that runs until it is stopped (the agent's probes, the
 * repair loop's ticks): {@link #between} waits for the next round unless {@link #stop} wakes it
 * first. An interrupt stops the loop too.
 */
public final class Pause {
    private final Object wake = new Object();
    private volatile boolean running = true;

    /** True until {@link #stop}. */
    public boolean running() {
        return running;
    }

    /** Waits {@code d}, or until stopped; returns whether the loop still runs. */
    public boolean between(Duration d) {
        synchronized (wake) {
            if (!running) return false;
            try {
                wake.wait(d.toMillis());
            } catch (InterruptedException e) {
                running = false;
            }
            return running;
        }
    }

    /** Ends the loop: its wait returns at once, and no other starts. */
    public void stop() {
        synchronized (wake) {
            running = false;
            wake.notifyAll();
        }
    }
}
