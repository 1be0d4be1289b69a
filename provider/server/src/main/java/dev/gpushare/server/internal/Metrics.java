package dev.gpushare.server.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.GpuMemory;
import dev.gpushare.engine.state.FleetState;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The service's Prometheus metrics, kept and written by the Prometheus Java client: requests by
 * route and status (count and latency histogram), copies placed, unplaced copies of the latest
 * plan, and GPU memory allocated and stranded per cluster (docs/cost.md: stranded is free memory in
 * fragments smaller than any copy of its pool). Cluster series exist only for clusters seen and not
 * destroyed, and at most {@link ClusterSeries#MAX_CLUSTERS} per metric.
 */
public final class Metrics {
    /** Histogram bucket bounds, in seconds. */
    static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Counter requests = Counter.builder().name("gpushare_http_requests_total")
            .help("Requests answered, by route and status.").labelNames("route", "status").register(registry);
    private final Histogram latency = Histogram.builder().name("gpushare_http_request_duration_seconds")
            .help("Request latency, by route and status.").labelNames("route", "status").classicOnly()
            .classicUpperBounds(BUCKETS).register(registry);
    /** Plans computed, by path: from scratch, or following the change from a cluster's baseline. */
    private final Counter plans = Counter.builder().name("gpushare_plans_total")
            .help("Plans computed, by path: full (placed from the state) or change (from the cluster's baseline, reading only what changed).")
            .labelNames("path").register(registry);
    private final Counter droppedSeries = Counter.builder().name("gpushare_metric_series_dropped_total")
            .help("Per-cluster values not recorded: more than " + ClusterSeries.MAX_CLUSTERS + " clusters had a series.")
            .register(registry);
    private final ClusterSeries placements = ClusterSeries.counter(registry, "gpushare_placements_total",
            "Copies placed or moved by applies through this server, by cluster.", droppedSeries);
    private final ClusterSeries unplaced = ClusterSeries.gauge(registry, "gpushare_unplaced_copies",
            "Copies the latest plan of a cluster could not place.", droppedSeries);
    private final ClusterSeries gpuMemory = ClusterSeries.gauge(registry, "gpushare_gpu_memory_allocated_mib",
            "GPU memory held by copies, in MiB, as last seen.", droppedSeries);
    private final ClusterSeries stranded = ClusterSeries.gauge(registry, "gpushare_gpu_memory_stranded_mib",
            "Free GPU memory in fragments smaller than any copy of its pool, in MiB, as last seen.", droppedSeries);
    /** Requests answered per status, over all routes (the attack suite and the benchmarks read them). */
    private final Map<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();
    /** The state whose GPU memory figures are set now, per cluster (bounded; a miss recomputes). */
    private final BoundedCache<String, FleetState> lastObserved = new BoundedCache<>(256);
    /** Set only by the repair loop of {@code serve --reconcile} ({@code RepairMetrics}). */
    private final ClusterSeries lastConverged = ClusterSeries.gauge(registry, "gpushare_last_converged_timestamp_seconds",
            "When the repair loop last found or left a cluster converged.", droppedSeries);
    /** Every per-cluster metric. */
    private final List<ClusterSeries> perCluster = List.of(placements, unplaced, gpuMemory, stranded, lastConverged);

    public Metrics() {
        plans.initLabelValues("change");
        plans.initLabelValues("full");
    }

    /** One answered request; {@code route} is its template, e.g. {@code GET /v1/clusters/{cluster}/state}. */
    public void request(String route, int status, long nanos) {
        String code = Integer.toString(status);
        requests.labelValues(route, code).inc();
        latency.labelValues(route, code).observe(nanos / 1e9);
        byStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
    }

    /** How many requests were answered with {@code status}, over all routes. */
    public long answered(int status) {
        LongAdder n = byStatus.get(status);
        return n == null ? 0 : n.sum();
    }

    public void placed(String cluster, long copies) {
        placements.add(cluster, copies);
    }

    public void planned(String cluster, long unplacedCopies) {
        unplaced.set(cluster, unplacedCopies);
    }

    /** One plan computed; {@code fromChange} when placement and diff followed the change from a baseline. */
    public void planPath(boolean fromChange) {
        plans.labelValues(fromChange ? "change" : "full").inc();
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

    /** The repair loop found or left {@code cluster} converged at {@code epochMillis}. */
    public void converged(String cluster, long epochMillis) {
        lastConverged.set(cluster, epochMillis / 1000.0);
    }

    /** The registry the service's metrics are kept in: other parts (the repair loop) register theirs here. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** Drops a destroyed cluster's gauges. */
    public void forget(String cluster) {
        // gauges describe the cluster as it is and go with it; a counter keeps what happened
        // (Prometheus counters do not go back), within the series bound
        for (ClusterSeries s : perCluster) if (!s.isCounter()) s.forget(cluster);
        lastObserved.remove(cluster);
    }

    /** Per-cluster series held now, over all metrics (bounded; the attack suite reads it). */
    public int clusterSeries() {
        int n = 0;
        for (ClusterSeries s : perCluster) n += s.size();
        return n;
    }

    /** The text exposition format, version 0.0.4. */
    public String render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            writer.write(out, registry.scrape(), EscapingScheme.ALLOW_UTF8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The content type of {@link #render()}. */
    public String contentType() {
        return writer.getContentType();
    }
}
