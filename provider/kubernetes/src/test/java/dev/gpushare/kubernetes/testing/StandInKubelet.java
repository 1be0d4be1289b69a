package dev.gpushare.kubernetes.testing;

/** Runs the {@link NodeAgents} stand-ins every half second in the background (a kubelet finishing deleted pods, …) until closed. */
public final class StandInKubelet implements AutoCloseable {
    private final Thread thread;
    private volatile boolean closed;

    public StandInKubelet(KubeCluster k) {
        thread = Thread.ofPlatform().daemon().name("stand-in-kubelet").start(() -> {
            while (!closed) {
                try {
                    k.agents().settle();
                } catch (RuntimeException e) {
                    // a conflict with a concurrent writer: the next round retries
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
