package dev.gpushare.kubernetes.controller;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.function.IntSupplier;

/**
 * The controller's figures (Prometheus Java client, text exposition format): reconciles by result,
 * repairs, the time from unhealthy to replaced (a histogram), the queue depth, the last time each
 * cluster converged, and whether this replica leads. One registry per controller.
 */
public final class ControllerMetrics {
    static final String[] RESULTS = {"converged", "applied", "conflict", "refused", "invalid", "error", "waiting"};
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter reconciles = Counter.builder().name("gpushare_controller_reconciles_total")
            .help("Reconciles of a cluster, by result.").labelNames("result").register(registry);
    private final Counter repairs = Counter.builder().name("gpushare_controller_repairs_total")
            .help("Unhealthy instances replaced.").register(registry);
    private final Histogram unhealthyToReplaced = Histogram.builder().name("gpushare_controller_unhealthy_to_replaced_seconds")
            .help("Time from an instance's first unhealthy sighting to its replacement.").unit(null)
            .classicOnly().classicUpperBounds(5, 10, 30, 60, 120, 300, 600, 1800).register(registry);
    private final Gauge lastConverged = Gauge.builder().name("gpushare_controller_last_converged_timestamp_seconds")
            .help("When a cluster last converged (Unix time).").labelNames("cluster").register(registry);
    private final Gauge leaderGauge = Gauge.builder().name("gpushare_controller_leader")
            .help("1 while this replica holds the lease.").register(registry);
    private volatile IntSupplier queueDepth = () -> 0;
    private volatile boolean leader;

    public ControllerMetrics() {
        GaugeWithCallback.builder().name("gpushare_controller_queue_depth").help("Clusters waiting in the work queue.")
                .callback(cb -> cb.call(queueDepth.getAsInt())).register(registry);
        for (String r : RESULTS) reconciles.labelValues(r); // every result shows, at 0
    }

    public void reconciled(String result) {
        reconciles.labelValues(result).inc();
    }

    public void repaired(Duration unhealthyToReplaced) {
        repairs.inc();
        this.unhealthyToReplaced.observe(unhealthyToReplaced.toMillis() / 1000.0);
    }

    public void converged(String cluster, Instant at) {
        lastConverged.labelValues(cluster).set(at.toEpochMilli() / 1000.0);
    }

    public void queueDepth(IntSupplier depth) {
        this.queueDepth = depth;
    }

    public void leader(boolean leading) {
        this.leader = leading;
        leaderGauge.set(leading ? 1 : 0);
    }

    public boolean leader() {
        return leader;
    }

    public long reconciles(String result) {
        return (long) reconciles.labelValues(result).get();
    }

    public String text() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
