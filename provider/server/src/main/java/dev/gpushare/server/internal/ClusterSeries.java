package dev.gpushare.server.internal;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One per-cluster metric ({@code NAME{cluster="…"} value}) of the Prometheus client: a gauge set
 * to the last value, or a counter added to. Bounded: at most {@link #MAX_CLUSTERS} clusters get a
 * series (a new one past that is counted in {@code gpushare_metric_series_dropped_total} instead),
 * and the API records only clusters that exist, dropping a destroyed one's series. A new
 * per-cluster metric is one more of these in {@link Metrics}.
 */
final class ClusterSeries {
    /** Clusters with a series, per metric: far above what one service holds, small enough to scrape. */
    static final int MAX_CLUSTERS = 10_000;

    private final Gauge gauge;
    private final Counter counter;
    private final Counter dropped;
    private final Set<String> clusters = ConcurrentHashMap.newKeySet();

    private ClusterSeries(Gauge gauge, Counter counter, Counter dropped) {
        this.gauge = gauge;
        this.counter = counter;
        this.dropped = dropped;
    }

    static ClusterSeries gauge(PrometheusRegistry registry, String name, String help, Counter dropped) {
        return new ClusterSeries(Gauge.builder().name(name).help(help).labelNames("cluster").register(registry), null, dropped);
    }

    static ClusterSeries counter(PrometheusRegistry registry, String name, String help, Counter dropped) {
        return new ClusterSeries(null, Counter.builder().name(name).help(help).labelNames("cluster").register(registry), dropped);
    }

    boolean isCounter() {
        return counter != null;
    }

    void set(String cluster, long value) {
        if (admit(cluster)) gauge.labelValues(cluster).set(value);
    }

    void set(String cluster, double value) {
        if (admit(cluster)) gauge.labelValues(cluster).set(value);
    }

    void add(String cluster, long delta) {
        if (admit(cluster)) counter.labelValues(cluster).inc(delta);
    }

    void forget(String cluster) {
        if (clusters.remove(cluster)) {
            if (gauge != null) gauge.remove(cluster);
            else counter.remove(cluster);
        }
    }

    int size() {
        return clusters.size();
    }

    private boolean admit(String cluster) {
        if (clusters.contains(cluster)) return true;
        if (clusters.size() >= MAX_CLUSTERS) {
            dropped.inc();
            return false;
        }
        clusters.add(cluster);
        return true;
    }
}
