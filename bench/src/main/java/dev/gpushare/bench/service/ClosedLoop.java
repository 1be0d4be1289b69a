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

    static Latencies run(String name, HttpClient http, HttpRequest request, int clients, double seconds) throws Exception {
        // warm-up: JIT, connection set-up and the server's caches; not measured
        long warmEnd = System.nanoTime() + 2_000_000_000L;
        for (int i = 0; i < 5 || System.nanoTime() < warmEnd && i < 50; i++) {
            http.send(request, HttpResponse.BodyHandlers.discarding());
        }
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        List<Future<long[]>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            for (int c = 0; c < clients; c++) {
                futures.add(pool.submit(() -> {
                    long[] lat = new long[256];
                    int n = 0, failures = 0;
                    while (System.nanoTime() < end) {
                        long t0 = System.nanoTime();
                        HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                        long t = System.nanoTime() - t0;
                        if (r.statusCode() != 200) failures++;
                        if (n == lat.length) lat = Arrays.copyOf(lat, n * 2);
                        lat[n++] = t;
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
            double elapsed = (System.nanoTime() - start) / 1e9;
            long[] all = parts.stream().flatMapToLong(Arrays::stream).toArray();
            return Latencies.of(name, all, failures, elapsed);
        }
    }
}
