package dev.gpushare.bench.service;

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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 15, target 5: the placement service under load (docs/benchmarks.md, "The service under
 * load"). The server runs in its own JVM on loopback ({@link ServerProcess}); this JVM is the load
 * generator. Per store:
 * <ol>
 *   <li>a 1,000-GPU cluster (250 × g6.12xlarge, 20 MPS services, 2,000 copies) applied, then 16
 *       clients asking its status ({@code GET state}), the same with {@code Accept-Encoding: gzip}
 *       (status-gzip: the kept compressed answer), then 16 clients planning it ({@code POST
 *       plan}: parse, validate, read, place, diff; the plan is empty), each for a fixed time;</li>
 *   <li>on PostgreSQL, 100 different clusters (10 instances, 80 copies each) planned and applied by
 *       1, 2, 4, … 32 clients at once: throughput against clients.</li>
 * </ol>
 * Every phase prints the server's CPU time and RSS and the machine's load.
 *
 * <p>{@code ServiceLoadBench [SECONDS] [STORE…]}: STORE is {@code embedded} (a temporary SQLite
 * file) or a {@code jdbc:postgresql://…} URL; default {@code embedded} plus {@code
 * $GPUSHARE_BENCH_PG_URL} when set. Properties: {@code bench.clients} (16), {@code bench.scale}
 * (1,2,4,8,16,32; empty: no scaling table), {@code bench.clusters} (100), {@code bench.ops} (status,status-gzip,plan; {@code floor}: the status bytes from a bare Jetty server, {@link FloorMain}), {@code bench.warmup} (seconds of each operation's load before it is measured, 15), {@code bench.client} ({@code socket}, the default:
 * {@link SocketClient}, a blocking connection per client; {@code jdk}: the JDK's HttpClient, which spends about
 * 1.3 ms of the generator's CPU per 626 KB status answer, so that 16 of them on one core are the limit, not the
 * server: the generator's CPU is printed per row), {@code bench.label} (the engine's name in the
 * rows), and {@link ServerProcess}'s {@code bench.server.classpath}, {@code bench.server.jvm} and
 * {@code bench.server.cpus} (the server's cores, {@code taskset -c} syntax; run this JVM under
 * {@code taskset} on the others so that the figures are the server's: docs/benchmarks.md).
 */
public final class ServiceLoadBench {
    static final String CLUSTER = "load-1000";

    private ServiceLoadBench() {}

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        List<String> stores = new ArrayList<>(Arrays.asList(args).subList(Math.min(1, args.length), args.length));
        if (stores.isEmpty()) {
            stores.add("embedded");
            String pg = System.getenv("GPUSHARE_BENCH_PG_URL");
            if (pg != null && !pg.isBlank()) stores.add(pg);
        }
        int clients = Integer.getInteger("bench.clients", 16);
        String label = System.getProperty("bench.label", "this engine");
        System.out.printf(Locale.ROOT, "# %s: %d CPU(s) for the load generator (client %s), server on CPUs '%s', Java %s, server JVM '%s', %.0f s per operation, %d clients, load %.2f%n",
                label, Runtime.getRuntime().availableProcessors(), client(), System.getProperty("bench.server.cpus", "any"), System.getProperty("java.version"),
                System.getProperty("bench.server.jvm", ServerProcess.DEFAULT_JVM), seconds, clients, dev.gpushare.bench.Measure.load());
        System.out.println("| engine | store | operation | requests | failures | req/s | p50 | p95 | p99 | max | server CPU (cores) | server CPU ms per request | server RSS MiB (peak) | generator CPU (cores) | load |");
        List<String> scaleRows = new ArrayList<>();
        for (String store : stores) {
            boolean pg = store.startsWith("jdbc:postgresql:");
            String url = pg ? store : "file:" + Files.createTempDirectory("gpushare-load").resolve("state.db");
            String storeName = pg ? "PostgreSQL" : "embedded";
            try (ServerProcess server = ServerProcess.start(url, ServiceClient.TOKEN)) {
                HttpClient http = ServiceClient.http();
                try (ServiceClient client = new ServiceClient(server.url(), http)) {
                    String spec = ClusterSpecs.json(CLUSTER, 250, 20, 100);
                    client.destroy(CLUSTER);
                    client.converge(CLUSTER, spec);
                    byte[] answer = http.send(client.status(CLUSTER), HttpResponse.BodyHandlers.ofByteArray()).body();
                    System.out.printf(Locale.ROOT, "# %s: the state answer is %,d bytes as JSON, %,d gzip-encoded%n", storeName,
                            answer.length, http.send(client.statusGzip(CLUSTER), HttpResponse.BodyHandlers.ofByteArray()).body().length);
                    for (var op : System.getProperty("bench.ops", "status,status-gzip,plan").split(",")) {
                        if (op.equals("floor")) {
                            floor(answer, http, clients, seconds, label, storeName);
                            continue;
                        }
                        HttpRequest request = switch (op) {
                            case "status" -> client.status(CLUSTER);
                            case "status-gzip" -> client.statusGzip(CLUSTER);
                            case "plan" -> client.plan(CLUSTER, spec);
                            default -> throw new IllegalArgumentException("bench.ops: status, status-gzip, plan or floor, not " + op);
                        };
                        ClosedLoop.Caller caller = switch (client()) {
                            case "jdk" -> ClosedLoop.jdk(http, request);
                            case "socket" -> client.socket(op, CLUSTER, spec);
                            default -> throw new IllegalArgumentException("bench.client: jdk or socket, not " + client());
                        };
                        measure(server, op, caller, clients, seconds, label, storeName);
                    }
                    if (pg && !System.getProperty("bench.scale", "1").isBlank()) scaleRows.addAll(scale(server, http, label));
                }
            }
        }
        if (!scaleRows.isEmpty()) {
            System.out.println();
            System.out.println("| engine | clients | clusters | actions | wall s | clusters/s | actions/s | server CPU (cores) | server CPU ms per cluster | server RSS MiB (peak) | load |");
            scaleRows.forEach(System.out::println);
        }
    }

    static String client() {
        return System.getProperty("bench.client", "socket");
    }

    /** One operation: warmed up, then measured; its row. */
    static void measure(ServerProcess server, String op, ClosedLoop.Caller caller, int clients, double seconds, String label,
            String storeName) throws Exception {
        ClosedLoop.warmUp(caller, clients);
        double load0 = dev.gpushare.bench.Measure.load();
        Duration cpu0 = server.cpu();
        Duration own0 = ownCpu();
        long t0 = System.nanoTime();
        Latencies l = ClosedLoop.run(op, caller, clients, seconds);
        double wall = (System.nanoTime() - t0) / 1e9;
        double cores = (server.cpu().minus(cpu0).toNanos() / 1e9) / wall;
        double own = (ownCpu().minus(own0).toNanos() / 1e9) / wall;
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %.2f | %.3f | %.0f (%.0f) | %.2f | %.1f–%.1f |%n", label, storeName,
                l.cells(), cores, cores * wall * 1000 / Math.max(1, l.requests()), server.rssMib(), server.peakRssMib(),
                own, load0, dev.gpushare.bench.Measure.load());
    }

    /**
     * The floor (bench.ops {@code floor}): the same status bytes answered by a bare Jetty server ({@link FloorMain}) on
     * the server's cores, by the same clients: what the answer's size costs whatever the service does.
     */
    static void floor(byte[] answer, HttpClient http, int clients, double seconds, String label, String storeName) throws Exception {
        Path file = Files.createTempFile("gpushare-floor", ".json");
        try {
            Files.write(file, answer);
            try (ServerProcess floor = ServerProcess.startMain(FloorMain.class.getName(), file.toString())) {
                HttpRequest get = HttpRequest.newBuilder(java.net.URI.create(floor.url() + "/")).timeout(Duration.ofSeconds(120)).GET().build();
                ClosedLoop.Caller caller = client().equals("socket")
                        ? () -> new SocketClient(floor.url(), "GET", "/", java.util.Map.of(), new byte[0])
                        : ClosedLoop.jdk(http, get);
                measure(floor, "floor (bare Jetty, same bytes)", caller, clients, seconds, label, storeName);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** This JVM's CPU time so far (the load generator's: with the server on other cores, whether it is the limit). */
    static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** 100 clusters planned and applied by 1, 2, 4, … clients at once; one row per client count. */
    static List<String> scale(ServerProcess server, HttpClient http, String label) throws Exception {
        int clusters = Integer.getInteger("bench.clusters", 100);
        int[] counts = Arrays.stream(System.getProperty("bench.scale", "1,2,4,8,16,32").split(",")).mapToInt(Integer::parseInt).toArray();
        List<String> rows = new ArrayList<>();
        for (int k : counts) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < clusters; i++) names.add("scale-" + k + "-" + i);
            try (ServiceClient c = new ServiceClient(server.url(), http)) {
                for (String n : names) c.destroy(n); // fresh clusters: every round applies from empty
            }
            double load0 = dev.gpushare.bench.Measure.load();
            Duration cpu0 = server.cpu();
            AtomicInteger next = new AtomicInteger();
            AtomicInteger actions = new AtomicInteger();
            long t0 = System.nanoTime();
            try (ExecutorService pool = Executors.newFixedThreadPool(k)) {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < k; w++) {
                    done.add(pool.submit(() -> {
                        try (ServiceClient c = new ServiceClient(server.url(), http)) {
                            for (int i; (i = next.getAndIncrement()) < clusters; ) {
                                actions.addAndGet(c.converge(names.get(i), ClusterSpecs.json(names.get(i), 10, 2, 40)));
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) f.get();
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            double cores = (server.cpu().minus(cpu0).toNanos() / 1e9) / wall;
            String row = String.format(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.1f | %.0f | %.2f | %.1f | %.0f (%.0f) | %.1f–%.1f |",
                    label, k, clusters, actions.get(), wall, clusters / wall, actions.get() / wall, cores, cores * wall * 1000 / clusters,
                    server.rssMib(), server.peakRssMib(), load0, dev.gpushare.bench.Measure.load());
            System.err.println(row);
            rows.add(row);
        }
        return rows;
    }
}
