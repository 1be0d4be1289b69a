package dev.gpushare.server;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import dev.gpushare.server.internal.ServiceWire;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Requests per second and latency percentiles of the placement service on loopback: {@code GET
 * state} and {@code POST plan} of a 1,000-GPU cluster (250 × g6.12xlarge, 2,000 MPS copies), with
 * 16 concurrent clients, each operation for a bounded time. Results go to docs/benchmarks.md.
 *
 * <p>{@code RemoteBenchmark [SECONDS_PER_OPERATION] [STORE_URL]}: defaults 10 s and a temporary
 * embedded store; pass a {@code jdbc:postgresql://…} URL to measure PostgreSQL.
 */
public final class RemoteBenchmark {
    static final int CLIENTS = 16;
    static final String CLUSTER = "bench-1000";

    /** One operation's figures: requests per second and latency percentiles in milliseconds. */
    record Result(String operation, int requests, int failures, double perSecond, double p50, double p95, double p99, double max) {
        String row() {
            return String.format(Locale.ROOT, "| %s | %d | %d | %.0f | %.1f | %.1f | %.1f | %.1f |",
                    operation, requests, failures, perSecond, p50, p95, p99, max);
        }
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        Path tmp = Files.createTempDirectory("gpushare-bench");
        String store = args.length > 1 ? args[1] : "file:" + tmp.resolve("state.db");
        for (Result r : run(store, seconds, 250, 2)) System.out.println(r.row());
    }

    /** Sets up {@code instances} × 4 GPUs with {@code copiesPerGpu} copies each, then measures. */
    static List<Result> run(String store, double seconds, int instances, int copiesPerGpu) throws Exception {
        Spec spec = Specs.spec(CLUSTER, instances, 1, instances * 4 * copiesPerGpu);
        try (PlacementServer server = PlacementServer.start(ServerConfig.loopback(store, TestServers.TOKEN), TestServers.quiet())) {
            try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
                gs.destroy(CLUSTER);
                if (!(gs.apply(gs.plan(spec)) instanceof ApplyOutcome.Applied)) throw new IllegalStateException("setup apply conflicted");
                int gpus = gs.status(CLUSTER).summary().gpus();
                System.err.printf(Locale.ROOT, "bench: %s, %d GPUs, %d copies, %d clients, %.0f s per operation%n",
                        server.describeStore(), gpus, gs.status(CLUSTER).summary().allocations(), CLIENTS, seconds);
            }
            byte[] specJson = ServiceWire.MAPPER.writeValueAsBytes(SpecWriter.toTree(spec));
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpRequest status = HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/" + CLUSTER + "/state"))
                    .header("Authorization", "Bearer " + TestServers.TOKEN).GET().build();
            HttpRequest plan = HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/" + CLUSTER + "/plan"))
                    .header("Authorization", "Bearer " + TestServers.TOKEN).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(specJson)).build();
            List<Result> out = new ArrayList<>();
            out.add(measure("status (GET state)", http, status, seconds));
            out.add(measure("plan (POST plan)", http, plan, seconds));
            return out;
        }
    }

    static Result measure(String name, HttpClient http, HttpRequest request, double seconds) throws Exception {
        // warm-up: JIT and connection setup, not measured
        for (int i = 0; i < 5; i++) http.send(request, HttpResponse.BodyHandlers.discarding());
        long end = System.nanoTime() + (long) (seconds * 1e9);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<long[]>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < CLIENTS; c++) {
            futures.add(pool.submit(() -> {
                long[] lat = new long[1024];
                int n = 0, failures = 0;
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
                    long t = System.nanoTime() - t0;
                    if (r.statusCode() != 200) failures++;
                    if (n == lat.length) lat = Arrays.copyOf(lat, n * 2);
                    lat[n++] = t;
                }
                long[] result = Arrays.copyOf(lat, n + 1);
                result[n] = failures; // last slot: failures
                return result;
            }));
        }
        List<Long> all = new ArrayList<>();
        int failures = 0;
        for (Future<long[]> f : futures) {
            long[] r = f.get();
            for (int i = 0; i < r.length - 1; i++) all.add(r[i]);
            failures += (int) r[r.length - 1];
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        long[] sorted = all.stream().mapToLong(Long::longValue).sorted().toArray();
        return new Result(name, sorted.length, failures, sorted.length / elapsed, ms(sorted, 0.50), ms(sorted, 0.95),
                ms(sorted, 0.99), sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6);
    }

    /** The nearest-rank percentile, in milliseconds. */
    static double ms(long[] sorted, double q) {
        if (sorted.length == 0) return 0;
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }
}
