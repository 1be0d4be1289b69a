package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkQueueTest {
    private final WorkQueue q = new WorkQueue(Duration.ofMillis(100), Duration.ofMillis(400));

    @Test
    void aBurstOfAddsIsOneReconcile() throws Exception {
        for (int i = 0; i < 50; i++) q.add("a");
        q.add("b");
        assertThat(q.depth()).isEqualTo(2);
        String first = q.take().orElseThrow(), second = q.take().orElseThrow();
        assertThat(java.util.Set.of(first, second)).containsExactlyInAnyOrder("a", "b");
        assertThat(q.depth()).isZero();
    }

    @Test
    void aKeyAddedWhileWorkedOnComesBackOnceDoneNeverTwiceAtOnce() throws Exception {
        q.add("a");
        assertThat(q.take()).contains("a");
        q.add("a");
        q.add("a");
        assertThat(q.depth()).as("not due while being worked on").isZero();
        q.done("a", true);
        assertThat(q.depth()).isEqualTo(1);
        assertThat(q.take()).contains("a");
    }

    @Test
    void failuresBackOffExponentiallyUpToTheMaximum() throws Exception {
        // base 100 ms, max 400 ms: 100, 200, 400, 400
        q.add("a");
        q.take();
        assertThat(q.done("a", false)).isEqualTo(Duration.ofMillis(100));
        q.take();
        assertThat(q.done("a", false)).isEqualTo(Duration.ofMillis(200));
        long t0 = System.nanoTime();
        q.take();
        assertThat((System.nanoTime() - t0) / 1_000_000).as("waited for the backoff").isGreaterThanOrEqualTo(150);
        assertThat(q.done("a", false)).isEqualTo(Duration.ofMillis(400));
        q.take();
        assertThat(q.done("a", false)).isEqualTo(Duration.ofMillis(400));
        q.take();
        assertThat(q.done("a", true)).isEqualTo(Duration.ZERO);
    }

    @Test
    void closeWakesTheWorker() throws Exception {
        Thread t = new Thread(() -> q.close());
        t.start();
        assertThat(q.take()).isEmpty();
    }
}
