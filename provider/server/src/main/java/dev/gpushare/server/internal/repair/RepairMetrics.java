package dev.gpushare.server.internal.repair;

import dev.gpushare.server.internal.Metrics;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The repair loop's metrics, kept by the Prometheus Java client in the service's registry: repairs,
 * the time from an instance's unhealthy mark to its replacement applied (histogram), reconciles by
 * result, whether this server leads, and the last time each cluster was converged (a per-cluster
 * series of {@link Metrics}, bounded as the service's others are). Without {@code --reconcile} they
 * are kept in a registry nobody scrapes, so {@code /metrics} shows none of them.
 */
public final class RepairMetrics {
    /** Histogram bounds of the time from mark to replaced, in seconds (the grace is part of it). */
    static final double[] BUCKETS = {1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600};

    private final Metrics service;
    private final boolean exported;
    private final Counter repairs;
    private final Histogram repairSeconds;
    private final Counter reconciles;
    private final Gauge leader;

    /** Metrics of a repair loop that runs ({@code exported}) or of one that does not. */
    public RepairMetrics(Metrics service, boolean exported) {
        this.service = service;
        this.exported = exported;
        PrometheusRegistry registry = exported ? service.registry() : new PrometheusRegistry();
        repairs = Counter.builder().name("gpushare_repairs_total")
                .help("Unhealthy instances replaced by the repair loop (serve --reconcile).").register(registry);
        repairSeconds = Histogram.builder().name("gpushare_repair_seconds")
                .help("Time from an instance's unhealthy mark to its replacement applied.").classicOnly()
                .classicUpperBounds(BUCKETS).register(registry);
        reconciles = Counter.builder().name("gpushare_reconciles_total")
                .help("Passes of the repair loop over a cluster, by result.").labelNames("result").register(registry);
        leader = Gauge.builder().name("gpushare_reconcile_leader")
                .help("1 while this server is the one that reconciles (one per database).").register(registry);
    }

    /** One instance replaced, {@code millis} after it was marked unhealthy. */
    public void repaired(long millis) {
        repairs.inc();
        repairSeconds.observe(millis / 1000.0);
    }

    /** One pass over a cluster: converged, unchanged, waiting (a grace runs), failed, refused or conflict. */
    public void reconciled(String result) {
        reconciles.labelValues(result).inc();
    }

    public void converged(String cluster, long epochMillis) {
        if (exported) service.converged(cluster, epochMillis);
    }

    public void leader(boolean leads) {
        leader.set(leads ? 1 : 0);
    }

    public long repairs() {
        return (long) repairs.get();
    }
}
