package dev.gpushare.kubernetes;

import java.util.function.BooleanSupplier;

/** Waits for what other processes (the scheduler, a watch) do, up to a minute. */
final class KubeClusterWait {
    private KubeClusterWait() {}

    static void until(BooleanSupplier done) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 60 s");
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
