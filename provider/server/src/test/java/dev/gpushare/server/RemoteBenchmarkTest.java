package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark runs, small and short: every request answered 200, percentiles ordered. */
class RemoteBenchmarkTest {
    @TempDir Path dir;

    @Test
    void aShortRunOnASmallClusterAnswersEveryRequest() throws Exception {
        List<RemoteBenchmark.Result> results = RemoteBenchmark.run("file:" + dir.resolve("b.db"), 0.5, 4, 2);
        assertThat(results).extracting(RemoteBenchmark.Result::operation).containsExactly("status (GET state)", "plan (POST plan)");
        assertThat(results).allSatisfy(r -> {
            assertThat(r.requests()).isPositive();
            assertThat(r.failures()).isZero();
            assertThat(r.p50()).isLessThanOrEqualTo(r.p95());
            assertThat(r.p95()).isLessThanOrEqualTo(r.p99());
            assertThat(r.p99()).isLessThanOrEqualTo(r.max());
        });
    }

    @Test
    void percentilesAreNearestRank() {
        long[] ns = {1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 6_000_000, 7_000_000, 8_000_000, 9_000_000, 10_000_000};
        // 10 samples: p50 → rank ceil(5) = 5th = 5 ms; p95 → rank ceil(9.5) = 10th = 10 ms
        assertThat(RemoteBenchmark.ms(ns, 0.50)).isEqualTo(5.0);
        assertThat(RemoteBenchmark.ms(ns, 0.95)).isEqualTo(10.0);
    }
}
