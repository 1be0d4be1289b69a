package dev.gpushare.kubernetes.controller;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The controller's figures, in the Prometheus text exposition format: reconciles by result,
 * repairs, the time from unhealthy to replaced (a histogram), the queue depth, the last time each
 * cluster converged, and whether this replica leads.
 */
public final class ControllerMetrics {
    static final double[] REPAIR_BUCKETS = {5, 10, 30, 60, 120, 300, 600, 1800};
    private final Map<String, AtomicLong> reconciles = new TreeMap<>();
    private final AtomicLong repairs = new AtomicLong();
    private final long[] repairBuckets = new long[REPAIR_BUCKETS.length];
    private double repairSum;
    private long repairCount;
    private final Map<String, Instant> lastConverged = new TreeMap<>();
    private volatile IntSupplier queueDepth = () -> 0;
    private volatile boolean leader;

    public synchronized void reconciled(String result) {
        reconciles.computeIfAbsent(result, k -> new AtomicLong()).incrementAndGet();
    }

    public synchronized void repaired(Duration unhealthyToReplaced) {
        repairs.incrementAndGet();
        double s = unhealthyToReplaced.toMillis() / 1000.0;
        for (int i = 0; i < REPAIR_BUCKETS.length; i++) if (s <= REPAIR_BUCKETS[i]) repairBuckets[i]++;
        repairSum += s;
        repairCount++;
    }

    public synchronized void converged(String cluster, Instant at) {
        lastConverged.put(cluster, at);
    }

    public void queueDepth(IntSupplier depth) {
        this.queueDepth = depth;
    }

    public void leader(boolean leading) {
        this.leader = leading;
    }

    public boolean leader() {
        return leader;
    }

    public synchronized long reconciles(String result) {
        AtomicLong n = reconciles.get(result);
        return n == null ? 0 : n.get();
    }

    public synchronized String text() {
        StringBuilder b = new StringBuilder();
        b.append("# HELP gpushare_controller_reconciles_total Reconciles of a cluster, by result.\n");
        b.append("# TYPE gpushare_controller_reconciles_total counter\n");
        for (String r : new String[]{"converged", "applied", "conflict", "refused", "invalid", "error", "waiting"}) {
            b.append("gpushare_controller_reconciles_total{result=\"").append(r).append("\"} ").append(reconciles(r)).append('\n');
        }
        b.append("# HELP gpushare_controller_repairs_total Unhealthy instances replaced.\n");
        b.append("# TYPE gpushare_controller_repairs_total counter\n");
        b.append("gpushare_controller_repairs_total ").append(repairs.get()).append('\n');
        b.append("# HELP gpushare_controller_unhealthy_to_replaced_seconds Time from an instance's first unhealthy sighting to its replacement.\n");
        b.append("# TYPE gpushare_controller_unhealthy_to_replaced_seconds histogram\n");
        for (int i = 0; i < REPAIR_BUCKETS.length; i++) {
            b.append("gpushare_controller_unhealthy_to_replaced_seconds_bucket{le=\"").append(fmt(REPAIR_BUCKETS[i])).append("\"} ")
                    .append(repairBuckets[i]).append('\n');
        }
        b.append("gpushare_controller_unhealthy_to_replaced_seconds_bucket{le=\"+Inf\"} ").append(repairCount).append('\n');
        b.append("gpushare_controller_unhealthy_to_replaced_seconds_sum ").append(fmt(repairSum)).append('\n');
        b.append("gpushare_controller_unhealthy_to_replaced_seconds_count ").append(repairCount).append('\n');
        b.append("# HELP gpushare_controller_queue_depth Clusters waiting in the work queue.\n");
        b.append("# TYPE gpushare_controller_queue_depth gauge\n");
        b.append("gpushare_controller_queue_depth ").append(queueDepth.getAsInt()).append('\n');
        b.append("# HELP gpushare_controller_last_converged_timestamp_seconds When a cluster last converged (Unix time).\n");
        b.append("# TYPE gpushare_controller_last_converged_timestamp_seconds gauge\n");
        lastConverged.forEach((c, t) -> b.append("gpushare_controller_last_converged_timestamp_seconds{cluster=\"").append(c).append("\"} ")
                .append(fmt(t.toEpochMilli() / 1000.0)).append('\n'));
        b.append("# HELP gpushare_controller_leader 1 while this replica holds the lease.\n");
        b.append("# TYPE gpushare_controller_leader gauge\n");
        b.append("gpushare_controller_leader ").append(leader ? 1 : 0).append('\n');
        return b.toString();
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) + ".0" : Double.toString(d);
    }
}
