package dev.gpushare.server.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.GpuMemory;
import dev.gpushare.engine.state.FleetState;
import java.util.List;
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
    /** Plans computed, by path: from scratch, or following the change from a cluster's baseline. */
    private final AtomicLong plansFull = new AtomicLong();
    private final AtomicLong plansFromChange = new AtomicLong();
    private final AtomicLong droppedSeries = new AtomicLong();
    private final ClusterSeries placements = new ClusterSeries("gpushare_placements_total", "counter",
            "Copies placed or moved by applies through this server, by cluster.", droppedSeries);
    private final ClusterSeries unplaced = new ClusterSeries("gpushare_unplaced_copies", "gauge",
            "Copies the latest plan of a cluster could not place.", droppedSeries);
    private final ClusterSeries gpuMemory = new ClusterSeries("gpushare_gpu_memory_allocated_mib", "gauge",
            "GPU memory held by copies, in MiB, as last seen.", droppedSeries);
    private final ClusterSeries stranded = new ClusterSeries("gpushare_gpu_memory_stranded_mib", "gauge",
            "Free GPU memory in fragments smaller than any copy of its pool, in MiB, as last seen.", droppedSeries);
    /** The state whose GPU memory figures are set now, per cluster (bounded; a miss recomputes). */
    private final BoundedCache<String, FleetState> lastObserved = new BoundedCache<>(256);
    /** Every per-cluster metric, in the order they are printed. */
    private final List<ClusterSeries> perCluster = List.of(placements, unplaced, gpuMemory, stranded);

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
        placements.add(cluster, copies);
    }

    public void planned(String cluster, long unplacedCopies) {
        unplaced.set(cluster, unplacedCopies);
    }

    /** One plan computed; {@code fromChange} when placement and diff followed the change from a baseline. */
    public void planPath(boolean fromChange) {
        (fromChange ? plansFromChange : plansFull).incrementAndGet();
    }

    /**
     * Records the GPU memory the cluster's copies hold now and the part of the free memory that is
     * stranded, as {@code gpushare status} computes them (copy sizes read off the state).
     */
    public void observed(FleetState state) {
        // a store answers the same snapshot object while a cluster is unchanged: its figures are
        // those already set (every plan of an unchanged cluster would otherwise walk its fleet)
        if (lastObserved.get(state.cluster()) == state) return;
        GpuMemory m = FleetUsage.of(state, Catalog.builtIn()).memory();
        gpuMemory.set(state.cluster(), m.allocatedMiB());
        stranded.set(state.cluster(), m.strandedMiB());
        lastObserved.put(state.cluster(), state);
    }

    /** Drops a destroyed cluster's gauges. */
    public void forget(String cluster) {
        // gauges describe the cluster as it is and go with it; a counter keeps what happened
        // (Prometheus counters do not go back), within the series bound
        for (ClusterSeries s : perCluster) if (!s.type.equals("counter")) s.forget(cluster);
        lastObserved.remove(cluster);
    }

    /** Per-cluster series held now, over all metrics (bounded; the attack suite reads it). */
    public int clusterSeries() {
        int n = 0;
        for (ClusterSeries s : perCluster) n += s.size();
        return n;
    }

    /** Metrics of other parts (the repair loop), rendered after these. */
    private final List<java.util.function.Consumer<StringBuilder>> more = new java.util.concurrent.CopyOnWriteArrayList<>();

    public void also(java.util.function.Consumer<StringBuilder> renderer) {
        more.add(renderer);
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
        sb.append("# HELP gpushare_plans_total Plans computed, by path: full (placed from the state) or change (from the cluster's baseline, reading only what changed).\n");
        sb.append("# TYPE gpushare_plans_total counter\n");
        sb.append("gpushare_plans_total{path=\"change\"} ").append(plansFromChange.get()).append('\n');
        sb.append("gpushare_plans_total{path=\"full\"} ").append(plansFull.get()).append('\n');
        for (ClusterSeries s : perCluster) s.render(sb);
        sb.append("# HELP gpushare_metric_series_dropped_total Per-cluster values not recorded: more than ")
                .append(ClusterSeries.MAX_CLUSTERS).append(" clusters had a series.\n");
        sb.append("# TYPE gpushare_metric_series_dropped_total counter\n");
        sb.append("gpushare_metric_series_dropped_total ").append(droppedSeries.get()).append('\n');
        for (var m : more) m.accept(sb);
        return sb.toString();
    }

    private static String labels(Key k) {
        return "route=\"" + escape(k.route()) + "\",status=\"" + k.status() + "\"";
    }

    private static String number(double d) {
        return String.format(Locale.ROOT, "%s", d);
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
