package dev.gpushare.server.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.GpuMemory;
import dev.gpushare.engine.state.FleetState;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The service's Prometheus metrics, in the text exposition format: requests by route and status
 * (count and latency histogram), copies placed, unplaced copies of the latest plan, and GPU memory
 * allocated and stranded per cluster (docs/cost.md: stranded is free memory in fragments smaller
 * than any copy of its pool). Cluster series exist only for clusters seen and not destroyed, so
 * their number is bounded by the clusters the service holds. Output is sorted, so it is stable
 * between scrapes.
 */
public final class Metrics {
    /** Histogram bucket bounds, in seconds. */
    static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private record Key(String route, int status) {}

    private static final class Series {
        final AtomicLongArray buckets = new AtomicLongArray(BUCKETS.length);
        final AtomicLong count = new AtomicLong();
        final AtomicLong sumNanos = new AtomicLong();
    }

    private final Map<Key, Series> requests = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> placements = new ConcurrentHashMap<>();
    private final Map<String, Long> unplaced = new ConcurrentHashMap<>();
    private final Map<String, Long> gpuMemory = new ConcurrentHashMap<>();
    private final Map<String, Long> stranded = new ConcurrentHashMap<>();

    /** One answered request; {@code route} is its template, e.g. {@code GET /v1/clusters/{cluster}/state}. */
    public void request(String route, int status, long nanos) {
        Series s = requests.computeIfAbsent(new Key(route, status), k -> new Series());
        s.count.incrementAndGet();
        s.sumNanos.addAndGet(nanos);
        double seconds = nanos / 1e9;
        for (int i = 0; i < BUCKETS.length; i++) {
            if (seconds <= BUCKETS[i]) s.buckets.incrementAndGet(i);
        }
    }

    /** How many requests were answered with {@code status}, over all routes. */
    public long answered(int status) {
        long n = 0;
        for (Map.Entry<Key, Series> e : requests.entrySet()) {
            if (e.getKey().status() == status) n += e.getValue().count.get();
        }
        return n;
    }

    public void placed(String cluster, long copies) {
        placements.computeIfAbsent(cluster, c -> new AtomicLong()).addAndGet(copies);
    }

    public void planned(String cluster, long unplacedCopies) {
        unplaced.put(cluster, unplacedCopies);
    }

    /**
     * Records the GPU memory the cluster's copies hold now and the part of the free memory that is
     * stranded, as {@code gpushare status} computes them (copy sizes read off the state).
     */
    public void observed(FleetState state) {
        GpuMemory m = FleetUsage.of(state, Catalog.builtIn()).memory();
        gpuMemory.put(state.cluster(), m.allocatedMiB());
        stranded.put(state.cluster(), m.strandedMiB());
    }

    /** Drops a destroyed cluster's series. */
    public void forget(String cluster) {
        unplaced.remove(cluster);
        gpuMemory.remove(cluster);
        stranded.remove(cluster);
    }

    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("# HELP gpushare_http_requests_total Requests answered, by route and status.\n");
        sb.append("# TYPE gpushare_http_requests_total counter\n");
        Map<String, Series> sorted = new TreeMap<>();
        for (Map.Entry<Key, Series> e : requests.entrySet()) {
            sorted.put(labels(e.getKey()), e.getValue());
        }
        for (Map.Entry<String, Series> e : sorted.entrySet()) {
            sb.append("gpushare_http_requests_total{").append(e.getKey()).append("} ").append(e.getValue().count.get()).append('\n');
        }
        sb.append("# HELP gpushare_http_request_duration_seconds Request latency, by route and status.\n");
        sb.append("# TYPE gpushare_http_request_duration_seconds histogram\n");
        for (Map.Entry<String, Series> e : sorted.entrySet()) {
            Series s = e.getValue();
            for (int i = 0; i < BUCKETS.length; i++) {
                sb.append("gpushare_http_request_duration_seconds_bucket{").append(e.getKey()).append(",le=\"")
                        .append(number(BUCKETS[i])).append("\"} ").append(s.buckets.get(i)).append('\n');
            }
            sb.append("gpushare_http_request_duration_seconds_bucket{").append(e.getKey()).append(",le=\"+Inf\"} ")
                    .append(s.count.get()).append('\n');
            sb.append("gpushare_http_request_duration_seconds_sum{").append(e.getKey()).append("} ")
                    .append(number(s.sumNanos.get() / 1e9)).append('\n');
            sb.append("gpushare_http_request_duration_seconds_count{").append(e.getKey()).append("} ")
                    .append(s.count.get()).append('\n');
        }
        gauge(sb, "gpushare_placements_total", "counter", "Copies placed or moved by applies through this server, by cluster.",
                toLongs(placements));
        gauge(sb, "gpushare_unplaced_copies", "gauge", "Copies the latest plan of a cluster could not place.", unplaced);
        gauge(sb, "gpushare_gpu_memory_allocated_mib", "gauge", "GPU memory held by copies, in MiB, as last seen.", gpuMemory);
        gauge(sb, "gpushare_gpu_memory_stranded_mib", "gauge",
                "Free GPU memory in fragments smaller than any copy of its pool, in MiB, as last seen.", stranded);
        return sb.toString();
    }

    private static Map<String, Long> toLongs(Map<String, AtomicLong> m) {
        Map<String, Long> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    private static void gauge(StringBuilder sb, String name, String type, String help, Map<String, Long> byCluster) {
        sb.append("# HELP ").append(name).append(' ').append(help).append('\n');
        sb.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        for (Map.Entry<String, Long> e : new TreeMap<>(byCluster).entrySet()) {
            sb.append(name).append("{cluster=\"").append(escape(e.getKey())).append("\"} ").append(e.getValue()).append('\n');
        }
    }

    private static String labels(Key k) {
        return "route=\"" + escape(k.route()) + "\",status=\"" + k.status() + "\"";
    }

    private static String number(double d) {
        return String.format(Locale.ROOT, "%s", d);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
