package dev.gpushare.server.internal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One per-cluster metric ({@code NAME{cluster="…"} value}): a gauge set to the last value, or a
 * counter added to. Bounded: at most {@link #MAX_CLUSTERS} clusters get a series (a new one past
 * that is counted in {@code gpushare_metric_series_dropped_total} instead), and the API records
 * only clusters that exist, dropping a destroyed one's series. A new per-cluster metric is one
 * more of these in {@link Metrics}.
 */
final class ClusterSeries {
    /** Clusters with a series, per metric: far above what one service holds, small enough to scrape. */
    static final int MAX_CLUSTERS = 10_000;

    final String name;
    final String type;
    final String help;
    private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();
    private final AtomicLong dropped;

    ClusterSeries(String name, String type, String help, AtomicLong dropped) {
        this.name = name;
        this.type = type;
        this.help = help;
        this.dropped = dropped;
    }

    void set(String cluster, long value) {
        AtomicLong v = slot(cluster);
        if (v != null) v.set(value);
    }

    void add(String cluster, long delta) {
        AtomicLong v = slot(cluster);
        if (v != null) v.addAndGet(delta);
    }

    void forget(String cluster) {
        values.remove(cluster);
    }

    int size() {
        return values.size();
    }

    private AtomicLong slot(String cluster) {
        AtomicLong v = values.get(cluster);
        if (v != null) return v;
        if (values.size() >= MAX_CLUSTERS) {
            dropped.incrementAndGet();
            return null;
        }
        return values.computeIfAbsent(cluster, c -> new AtomicLong());
    }

    void render(StringBuilder sb) {
        sb.append("# HELP ").append(name).append(' ').append(help).append('\n');
        sb.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        Map<String, Long> sorted = new TreeMap<>();
        values.forEach((k, v) -> sorted.put(k, v.get()));
        for (Map.Entry<String, Long> e : sorted.entrySet()) {
            sb.append(name).append("{cluster=\"").append(Metrics.escape(e.getKey())).append("\"} ").append(e.getValue()).append('\n');
        }
    }
}
