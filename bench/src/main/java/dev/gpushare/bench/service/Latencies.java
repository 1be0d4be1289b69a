package dev.gpushare.bench.service;

import java.util.Arrays;
import java.util.Locale;

/**
 * One operation's figures under load: requests, failures (any answer but 200), requests per second
 * and nearest-rank latency percentiles in milliseconds.
 */
record Latencies(String operation, int requests, int failures, double perSecond, double p50, double p95, double p99, double max) {

    /** From the latencies in nanoseconds (any order) measured over {@code seconds}. */
    static Latencies of(String operation, long[] nanos, int failures, double seconds) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latencies(operation, sorted.length, failures, sorted.length / seconds, ms(sorted, 0.50), ms(sorted, 0.95),
                ms(sorted, 0.99), sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6);
    }

    /** The nearest-rank percentile: the smallest latency with at least {@code q} of all at or below it. */
    static double ms(long[] sorted, double q) {
        if (sorted.length == 0) return 0;
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }

    String cells() {
        return String.format(Locale.ROOT, "%s | %d | %d | %.0f | %.1f | %.1f | %.1f | %.1f", operation, requests, failures,
                perSecond, p50, p95, p99, max);
    }
}
