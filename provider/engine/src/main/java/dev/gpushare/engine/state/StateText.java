package dev.gpushare.engine.state;

import dev.gpushare.model.io.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A compact human rendering of a {@link FleetState}: a line per instance, a line per GPU (mode,
 * used/total MiB and what runs on it), then the unplaced copies with their reasons and a summary.
 */
public final class StateText {
    private StateText() {}

    public static String render(FleetState state) {
        StringBuilder out = new StringBuilder();
        // every line goes through Printable: names, reasons and messages come from a state store
        // or a spec and may hold control characters, which must not reach a terminal
        line(out, "cluster " + state.cluster());
        for (Instance i : state.instances()) {
            StringBuilder l = new StringBuilder();
            l.append(i.id()).append("  ").append(i.instanceType()).append("  ").append(i.owner().label());
            if (!i.healthy()) {
                l.append("  UNHEALTHY");
                if (i.healthReason() != null) l.append(" (").append(i.healthReason()).append(')');
            }
            line(out, l);
            for (Gpu g : i.gpus()) gpuLine(out, g);
        }
        revisions(out, state);
        if (!state.unplaced().isEmpty()) {
            out.append("unplaced:\n");
            for (Unplaced u : state.unplaced()) line(out, "  " + u.task() + "  " + u.code() + "  " + u.message());
        }
        FleetState.Summary s = state.summary();
        out.append("summary: ").append(count(s.instances(), "instance")).append(", ")
                .append(count(s.gpus(), "GPU")).append(", ").append(count(s.allocations(), "allocation"))
                .append(", ").append(s.unplaced()).append(" unplaced\n");
        return out.toString();
    }

    /**
     * What each service and component runs: {@code embedder  3f2a9c1b7e4d  12 copies}, one entry per
     * revision its copies run (a rollout in progress shows two), {@code unknown} for copies stored
     * before revisions were recorded.
     */
    private static void revisions(StringBuilder out, FleetState state) {
        Map<String, Map<String, java.util.Set<TaskId>>> byGroup = new TreeMap<>();
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    byGroup.computeIfAbsent(a.task().group(), k -> new TreeMap<>())
                            .computeIfAbsent(Revision.show(a.revision()), k -> new java.util.HashSet<>()).add(a.task());
                }
            }
        }
        if (byGroup.isEmpty()) return;
        out.append("revisions:\n");
        for (Map.Entry<String, Map<String, java.util.Set<TaskId>>> e : byGroup.entrySet()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, java.util.Set<TaskId>> r : e.getValue().entrySet()) {
                int n = r.getValue().size();
                parts.add(r.getKey() + "  " + n + (n == 1 ? " copy" : " copies"));
            }
            line(out, "  " + e.getKey() + "  " + String.join(", ", parts));
        }
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static void line(StringBuilder out, CharSequence line) {
        out.append(Printable.line(line.toString())).append('\n');
    }

    private static void gpuLine(StringBuilder doc, Gpu g) {
        StringBuilder out = new StringBuilder();
        out.append("  gpu ").append(g.index()).append("  ").append(g.model()).append("  ").append(g.mode());
        if (g.fraction() != null) out.append(' ').append(g.fraction().toPlainString());
        out.append("  ").append(usedMiB(g)).append('/').append(g.memoryMiB()).append(" MiB");
        List<String> items = new ArrayList<>();
        if (g.mode() == GpuMode.MIG) {
            for (MigPartition p : g.partitions()) {
                StringBuilder sb = new StringBuilder(p.profile()).append('@').append(p.start()).append('=');
                List<String> users = new ArrayList<>();
                for (Allocation a : g.allocations()) {
                    if (a.partition() != null && a.partition().start() == p.start()) users.add(a.task() + ":" + a.container());
                }
                sb.append(users.isEmpty() ? "free" : String.join(",", users));
                items.add(sb.toString());
            }
        } else {
            for (Allocation a : g.allocations()) {
                StringBuilder sb = new StringBuilder(a.task().toString()).append(':').append(a.container());
                if (a.memoryMiB() != null) {
                    sb.append('(').append(a.memoryMiB()).append('M');
                    if (a.maxComputePercent() != null) sb.append(',').append(a.maxComputePercent()).append('%');
                    sb.append(')');
                }
                items.add(sb.toString());
            }
        }
        if (!items.isEmpty()) out.append("  ").append(String.join(" ", items));
        line(doc, out);
    }

    /** Memory taken: reserved MPS memory, used MIG instances, or all of it when held whole. */
    private static long usedMiB(Gpu g) {
        return switch (g.mode()) {
            case IDLE, TIME_SLICING -> 0; // time-slicing reserves no memory
            case DEDICATED, FRACTIONAL -> g.allocations().isEmpty() ? 0 : g.memoryMiB();
            case MPS -> g.mpsReservedMiB();
            case MIG -> g.partitionsUsedMiB();
        };
    }
}
