package dev.gpushare.engine.cost;

import dev.gpushare.engine.internal.TextTable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost and utilization lines of {@code place}, {@code plan} and {@code status}: a table with a
 * row per capacity provider and endpoint and a total, dollars to the cent, memory in MiB.
 */
public final class UsageText {
    private UsageText() {}

    /**
     * <pre>
     * cost and GPU memory (On-Demand, us-east-1 catalog prices):
     *   POOL                        INSTANCES        $/HOUR  ALLOCATED / USABLE MiB  IDLE GPUS  STRANDED MiB
     *   capacityProvider l4-shared  3 × g6.12xlarge   13.80  49152 / 270756 (18.2%)  6          0
     *   total                       3                 13.80  49152 / 270756 (18.2%)  6          0
     * </pre>
     */
    public static String render(FleetUsage u) {
        StringBuilder out = new StringBuilder("cost and GPU memory (").append(u.pricing()).append("):\n");
        // the dollar column is right-aligned so that the cents line up
        TextTable table = new TextTable("POOL", "INSTANCES", "$/HOUR", "ALLOCATED / USABLE MiB", "IDLE GPUS", "STRANDED MiB")
                .indent("  ").alignRight(2);
        for (PoolUsage p : u.pools()) {
            table.row((p.capacityProvider() != null ? "capacityProvider " : "endpoint ") + p.name(),
                    p.instances() + " × " + p.instanceType(),
                    dollars(p.costPerHour(), p.unpricedInstances()),
                    memory(p.memory()), p.idleGpus() + " of " + p.gpus(), p.memory().strandedMiB());
        }
        table.row("total", u.instances(), dollars(u.costPerHour(), u.unpricedInstances()),
                memory(u.memory()), u.idleGpus() + " of " + u.gpus(), u.memory().strandedMiB());
        out.append(table.render());
        List<String> notes = new ArrayList<>();
        if (u.unpricedInstances() > 0) {
            notes.add(u.unpricedInstances() + (u.unpricedInstances() == 1 ? " instance has" : " instances have")
                    + " no price (declare perHour or add it under pricing.prices)");
        }
        if (u.estimated()) notes.add("some prices are estimates, not published On-Demand prices (gpushare catalog)");
        for (String n : notes) out.append("  note: ").append(n).append('\n');
        return out.toString();
    }

    /** {@code $/hour 48.10 → 52.70 (+4.60)}: what a plan changes. */
    public static String change(FleetUsage before, FleetUsage after) {
        BigDecimal d = after.costPerHour().subtract(before.costPerHour());
        String sign = d.signum() < 0 ? "−" : "+";
        long memBefore = before.memory().allocatedMiB(), memAfter = after.memory().allocatedMiB();
        long strandedBefore = before.memory().strandedMiB(), strandedAfter = after.memory().strandedMiB();
        return "$/hour " + cents(before.costPerHour()) + " → " + cents(after.costPerHour()) + " (" + sign + cents(d.abs()) + ")"
                + "; instances " + before.instances() + " → " + after.instances()
                + "; GPU memory allocated " + memBefore + " → " + memAfter + " MiB"
                + ", stranded " + strandedBefore + " → " + strandedAfter + " MiB";
    }

    /** Dollars to the cent, half up: {@code 13.80}. */
    public static String cents(BigDecimal v) {
        return v.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static String dollars(BigDecimal v, int unpriced) {
        return cents(v) + (unpriced > 0 ? "+?" : "");
    }

    private static String memory(GpuMemory m) {
        return m.allocatedMiB() + " / " + m.usableMiB() + " (" + String.format(Locale.ROOT, "%.1f", m.allocatedPercent()) + "%)";
    }
}
