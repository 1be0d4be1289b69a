package dev.gpushare.bench.service;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A closed-loop load generator: {@code clients} threads, each sending the request again as soon as
 * its answer is read, for a fixed time. What a client waits for is what it measures (the server's
 * queueing included), so the percentiles are those a user of the service sees.
 */
final class ClosedLoop {
    private ClosedLoop() {}

    /** Seconds of the same load before the measured part, {@code bench.warmup} (default {@value #WARMUP}). */
    static final double WARMUP = 15;

    /**
     * The same load for {@code bench.warmup} seconds, not measured: connections set up, the server's caches filled
     * and its JIT at the tier it keeps. A few sequential requests (the warm-up before) left the request path to be
     * compiled by C2 within the measured time, after some thousand requests: 40 % of the server's core in a status
     * phase went to the compiler (docs/benchmarks.md, issue 24's status without gzip). 15 s, not 5: a status phase
     * collects the young generation every 3-5 s, and the cluster's state (read and rendered by the first requests)
     * is copied by every young collection until it is tenured, after the second with {@code gpushare serve}'s
     * options ({@link ServerProcess#DEFAULT_JVM}, docs/server.md): those pauses (10-17 ms) belong to the change of
     * revision, not to the unchanged cluster's answers the phase measures.
     */
    static void warmUp(Caller caller, int clients) throws Exception {
        loop(caller, clients, Double.parseDouble(System.getProperty("bench.warmup", Double.toString(WARMUP))));
    }

    static Latencies run(String name, Caller caller, int clients, double seconds) throws Exception {
        return loop(caller, clients, seconds).as(name);
    }

    /** One client's way to send the request again and again: its status code per answer read whole. */
    interface Call extends AutoCloseable {
        int send() throws Exception;
    }

    /** Opens one client's {@link Call} (its own connection, for a client that has one). */
    interface Caller {
        Call open() throws Exception;
    }

    /** The JDK's client, shared by all (its connection pool, its selector thread). */
    static Caller jdk(HttpClient http, HttpRequest request) {
        return () -> new Call() {
            @Override
            public int send() throws Exception {
                return http.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode();
            }

            @Override
            public void close() {}
        };
    }

    private record Run(List<long[]> parts, int failures, double elapsed) {
        Latencies as(String name) {
            long[] all = parts.stream().flatMapToLong(Arrays::stream).toArray();
            return Latencies.of(name, all, failures, elapsed);
        }
    }

    private static Run loop(Caller caller, int clients, double seconds) throws Exception {
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        List<Future<long[]>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            for (int c = 0; c < clients; c++) {
                futures.add(pool.submit(() -> {
                    long[] lat = new long[256];
                    int n = 0, failures = 0;
                    try (Call call = caller.open()) {
                        while (System.nanoTime() < end) {
                            long t0 = System.nanoTime();
                            int status = call.send();
                            long t = System.nanoTime() - t0;
                            if (status != 200) failures++;
                            if (n == lat.length) lat = Arrays.copyOf(lat, n * 2);
                            lat[n++] = t;
                        }
                    }
                    long[] out = Arrays.copyOf(lat, n + 1);
                    out[n] = failures; // the last slot carries the failures
                    return out;
                }));
            }
            List<long[]> parts = new ArrayList<>();
            int failures = 0;
            for (Future<long[]> f : futures) {
                long[] r = f.get();
                parts.add(Arrays.copyOf(r, r.length - 1));
                failures += (int) r[r.length - 1];
            }
            return new Run(parts, failures, (System.nanoTime() - start) / 1e9);
        }
    }
}
