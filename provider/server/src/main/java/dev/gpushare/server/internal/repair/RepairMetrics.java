package dev.gpushare.server.internal.repair;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The repair loop's metrics, in the Prometheus text format: repairs, the time from an instance's
 * unhealthy mark to its replacement applied (histogram), reconciles by result, whether this server
 * leads, and the last time each cluster was converged (one series per cluster, at most
 * {@value #MAX_CLUSTERS}: the oldest goes first).
 */
public final class RepairMetrics {
    /** Histogram bounds of the time from mark to replaced, in seconds (the grace is part of it). */
    static final double[] BUCKETS = {1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600};
    static final int MAX_CLUSTERS = 1000;

    private final AtomicLong repairs = new AtomicLong();
    private final AtomicLongArray buckets = new AtomicLongArray(BUCKETS.length);
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong sumMillis = new AtomicLong();
    private final Map<String, AtomicLong> reconciles = new ConcurrentHashMap<>();
    private volatile boolean leader;
    private final Map<String, Long> lastConverged = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_CLUSTERS;
        }
    };

    /** One instance replaced, {@code millis} after it was marked unhealthy. */
    public void repaired(long millis) {
        repairs.incrementAndGet();
        count.incrementAndGet();
        sumMillis.addAndGet(millis);
        for (int i = 0; i < BUCKETS.length; i++) if (millis / 1000.0 <= BUCKETS[i]) buckets.incrementAndGet(i);
    }

    /** One pass over a cluster: converged, unchanged, waiting (a grace runs), failed, refused or conflict. */
    public void reconciled(String result) {
        reconciles.computeIfAbsent(result, r -> new AtomicLong()).incrementAndGet();
    }

    public void converged(String cluster, long epochMillis) {
        synchronized (lastConverged) {
            lastConverged.put(cluster, epochMillis);
        }
    }

    public void forget(String cluster) {
        synchronized (lastConverged) {
            lastConverged.remove(cluster);
        }
    }

    public void leader(boolean leads) {
        leader = leads;
    }

    public long repairs() {
        return repairs.get();
    }

    public void render(StringBuilder sb) {
        sb.append("# HELP gpushare_repairs_total Unhealthy instances replaced by the repair loop (serve --reconcile).\n");
        sb.append("# TYPE gpushare_repairs_total counter\n");
        sb.append("gpushare_repairs_total ").append(repairs.get()).append('\n');
        sb.append("# HELP gpushare_repair_seconds Time from an instance's unhealthy mark to its replacement applied.\n");
        sb.append("# TYPE gpushare_repair_seconds histogram\n");
        for (int i = 0; i < BUCKETS.length; i++) {
            sb.append("gpushare_repair_seconds_bucket{le=\"").append(number(BUCKETS[i])).append("\"} ").append(buckets.get(i)).append('\n');
        }
        sb.append("gpushare_repair_seconds_bucket{le=\"+Inf\"} ").append(count.get()).append('\n');
        sb.append("gpushare_repair_seconds_sum ").append(number(sumMillis.get() / 1000.0)).append('\n');
        sb.append("gpushare_repair_seconds_count ").append(count.get()).append('\n');
        sb.append("# HELP gpushare_reconciles_total Passes of the repair loop over a cluster, by result.\n");
        sb.append("# TYPE gpushare_reconciles_total counter\n");
        for (Map.Entry<String, AtomicLong> e : new TreeMap<>(reconciles).entrySet()) {
            sb.append("gpushare_reconciles_total{result=\"").append(e.getKey()).append("\"} ").append(e.getValue().get()).append('\n');
        }
        sb.append("# HELP gpushare_reconcile_leader 1 while this server is the one that reconciles (one per database).\n");
        sb.append("# TYPE gpushare_reconcile_leader gauge\n");
        sb.append("gpushare_reconcile_leader ").append(leader ? 1 : 0).append('\n');
        sb.append("# HELP gpushare_last_converged_timestamp_seconds When the repair loop last found or left a cluster converged.\n");
        sb.append("# TYPE gpushare_last_converged_timestamp_seconds gauge\n");
        Map<String, Long> sorted;
        synchronized (lastConverged) {
            sorted = new TreeMap<>(lastConverged);
        }
        for (Map.Entry<String, Long> e : sorted.entrySet()) {
            sb.append("gpushare_last_converged_timestamp_seconds{cluster=\"").append(e.getKey()).append("\"} ")
                    .append(number(e.getValue() / 1000.0)).append('\n');
        }
    }

    private static String number(double d) {
        return String.format(Locale.ROOT, "%s", d);
    }
}
