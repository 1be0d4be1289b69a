package dev.gpushare.engine.cost;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The cost and utilization keys of a state document's {@code summary} (CONTRACT.md §2), added after
 * the existing counts:
 * {@code costPerHour}, {@code currency}, {@code priceRegion}, {@code discountPercent},
 * {@code unpricedInstances}, {@code pricesEstimated}, {@code idleGpus}, {@code gpuMemoryMiB}
 * ({@code usable}, {@code allocated}, {@code idle}, {@code stranded}), then {@code capacityProviders}
 * and {@code endpoints}: the same figures per pool with its {@code name}, {@code instanceType},
 * {@code instances}, {@code gpus} and {@code smallestCopyMiB}.
 */
public final class UsageJson {
    private UsageJson() {}

    /** Writes the figures into {@code summary}. */
    public static void write(ObjectNode summary, FleetUsage u) {
        summary.put("costPerHour", plain(u.costPerHour()));
        summary.put("currency", "USD");
        summary.put("priceRegion", u.region());
        summary.put("discountPercent", u.discountPercent() == null ? null : plain(u.discountPercent()));
        summary.put("unpricedInstances", u.unpricedInstances());
        summary.put("pricesEstimated", u.estimated());
        summary.put("idleGpus", u.idleGpus());
        memory(summary.putObject("gpuMemoryMiB"), u.memory());
        ArrayNode providers = summary.putArray("capacityProviders");
        ArrayNode endpoints = summary.putArray("endpoints");
        for (PoolUsage p : u.pools()) {
            ObjectNode n = (p.capacityProvider() != null ? providers : endpoints).addObject();
            n.put("name", p.name());
            n.put("instanceType", p.instanceType());
            n.put("instances", p.instances());
            n.put("gpus", p.gpus());
            n.put("idleGpus", p.idleGpus());
            n.put("costPerHour", plain(p.costPerHour()));
            n.put("unpricedInstances", p.unpricedInstances());
            memory(n.putObject("gpuMemoryMiB"), p.memory());
            if (p.smallestCopyMiB() == null) n.putNull("smallestCopyMiB"); else n.put("smallestCopyMiB", p.smallestCopyMiB());
        }
    }

    /** Without an exponent: 10 stays {@code 10}, never {@code 1E+1}. */
    public static java.math.BigDecimal plain(java.math.BigDecimal v) {
        return v.scale() < 0 ? v.setScale(0) : v;
    }

    private static void memory(ObjectNode n, GpuMemory m) {
        n.put("usable", m.usableMiB());
        n.put("allocated", m.allocatedMiB());
        n.put("idle", m.idleMiB());
        n.put("stranded", m.strandedMiB());
    }
}
