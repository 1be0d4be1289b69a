package dev.gpushare.engine.plan;

import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.io.Printable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A plan as people read it, like terraform: {@code +} create, {@code ~} change in place, {@code -}
 * remove, {@code -/+} replace; then what could not be placed and a summary line.
 */
public final class PlanText {
    private PlanText() {}

    public static String render(Plan plan) {
        StringBuilder sb = new StringBuilder();
        if (plan.isEmpty()) {
            sb.append("No changes. Cluster ").append(plan.cluster()).append(" (revision ").append(plan.revision())
                    .append(") matches the spec.\n");
        } else {
            sb.append("Plan for cluster ").append(plan.cluster()).append(" at revision ").append(plan.revision())
                    .append(" (actions in the order apply runs them):\n\n");
            // actions may come from a saved plan file: nothing in them reaches the terminal raw
            for (int i = 0; i < plan.actions().size(); i++) {
                String l = line(plan.actions().get(i));
                if (plan.waveOf(i) > 0) l += "  [wave " + plan.waveOf(i) + "]";
                sb.append(Printable.line(l)).append('\n');
            }
            sb.append('\n');
            if (!plan.rollouts().isEmpty()) {
                sb.append("Rollouts (in each wave the new copies start and are ready before its old copies stop;"
                        + " copies stopped first stop before):\n");
                for (Rollout r : plan.rollouts()) sb.append(Printable.line(rollout(r))).append('\n');
                sb.append('\n');
            }
        }
        if (!plan.desired().unplaced().isEmpty()) {
            sb.append("Cannot place ").append(plan.desired().unplaced().size()).append(" cop")
                    .append(plan.desired().unplaced().size() == 1 ? "y" : "ies").append(":\n");
            for (Unplaced u : plan.desired().unplaced()) {
                sb.append(Printable.line("  ! " + u.task() + ": " + u.code() + ": " + u.message())).append('\n');
            }
            sb.append('\n');
        }
        if (!plan.isEmpty()) sb.append(summary(plan)).append('\n');
        return sb.toString();
    }

    /** {@code Plan: 2 instances to launch, 14 copies to place, 1 to move, 0 to stop} (+ replace/configure/terminate when any). */
    public static String summary(Plan plan) {
        int launch = 0, replace = 0, configure = 0, place = 0, move = 0, stop = 0, terminate = 0;
        for (Action a : plan.actions()) {
            switch (a) {
                case LaunchInstance l -> launch++;
                case ReplaceInstance r -> replace++;
                case ConfigureGpu c -> configure++;
                case PlaceCopy p -> place++;
                case MoveCopy m -> move++;
                case StopCopy s -> stop++;
                case TerminateInstance t -> terminate++;
                case Action.RecordRollout r -> { }
            }
        }
        StringBuilder sb = new StringBuilder("Plan: ").append(launch).append(launch == 1 ? " instance" : " instances")
                .append(" to launch, ").append(place).append(place == 1 ? " copy" : " copies").append(" to place, ")
                .append(move).append(" to move, ").append(stop).append(" to stop");
        if (replace > 0) sb.append(", ").append(replace).append(replace == 1 ? " instance" : " instances").append(" to replace");
        if (configure > 0) sb.append(", ").append(configure).append(configure == 1 ? " GPU" : " GPUs").append(" to configure");
        if (terminate > 0) sb.append(", ").append(terminate).append(terminate == 1 ? " instance" : " instances").append(" to terminate");
        return sb.append('.').toString();
    }

    /** {@code embedder  5e0c1d2a3b4f → 9a8b7c6d5e4f: 16 copies in 4 waves (1–4), 16 stopped first; ≥ 12 healthy, ≤ 32 running} */
    static String rollout(Rollout r) {
        StringBuilder sb = new StringBuilder("  ").append(r.group()).append("  ").append(String.join(", ", r.from())).append(" → ")
                .append(r.to()).append(": ").append(r.copies()).append(r.copies() == 1 ? " copy" : " copies").append(" in ")
                .append(r.waves()).append(r.waves() == 1 ? " wave" : " waves").append(" (")
                .append(r.waves() == 1 ? "wave " + r.firstWave() : "waves " + r.firstWave() + "–" + r.lastWave()).append(')');
        if (r.stopFirst() > 0) sb.append(", ").append(r.stopFirst()).append(" stopped first");
        return sb.append("; at least ").append(r.minimumHealthy()).append(" healthy, at most ").append(r.maximumRunning())
                .append(" running; ").append(extra(r)).toString();
    }

    /** {@code no extra instances}, or {@code peak 1 extra g6.12xlarge ($4.60/h while it runs)}. */
    private static String extra(Rollout r) {
        if (r.extraInstances() == 0) return "no extra instances";
        String s = "peak " + r.extraInstances() + " extra " + r.extraInstanceType();
        return r.extraPerHour() == null ? s : s + " ($" + r.extraPerHour().setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()
                + "/h while it runs)";
    }

    static String line(Action action) {
        return switch (action) {
            case LaunchInstance l -> "  + launch   " + instance(l.instance());
            case ReplaceInstance r -> "-/+ replace  " + instance(r.instance()) + " — " + r.reason();
            case ConfigureGpu c -> "  ~ configure " + c.instanceId() + " gpu " + c.gpuIndex() + ": " + c.fromMode() + " → "
                    + c.mode() + (c.partitions().isEmpty() ? "" : " " + partitions(c.partitions()));
            case PlaceCopy p -> "  + place    " + p.task() + " on " + where(p.placements()) + requirement(p.placements());
            case MoveCopy m -> (m.replacement() ? "-/+ replace  " : "  ~ move     ") + m.task() + " from " + where(m.from())
                    + " to " + where(m.to()) + requirement(m.to()) + " — " + m.reason() + " (new copy starts before the old stops)";
            case StopCopy s -> "  - stop     " + s.task() + " on " + where(s.from());
            case TerminateInstance t -> "  - terminate " + t.instanceId() + " — " + t.reason();
            case Action.RecordRollout r -> "  = record   rollout " + r.record().line();
        };
    }

    private static String instance(Instance i) {
        StringBuilder sb = new StringBuilder(i.id().toString()).append(" (").append(i.instanceType());
        if (!i.gpus().isEmpty()) {
            Gpu g = i.gpus().getFirst();
            sb.append(", ").append(i.gpus().size()).append(" × ").append(g.model()).append(' ').append(g.mode());
            if (!g.partitions().isEmpty()) sb.append(' ').append(partitions(g.partitions()));
        }
        sb.append(switch (i.owner()) {
            case Owner.CapacityProvider cp -> ", capacity provider " + cp.name();
            case Owner.Endpoint e -> ", endpoint " + e.name();
        });
        return sb.append(')').toString();
    }

    private static String partitions(List<MigPartition> ps) {
        List<String> out = new ArrayList<>();
        for (MigPartition p : ps) out.add(p.profile() + "@" + p.start());
        return "[" + String.join(", ", out) + "]";
    }

    private static String where(List<Placement> ps) {
        Set<String> spots = new LinkedHashSet<>();
        for (Placement p : ps) {
            Allocation.PartitionRef ref = p.allocation().partition();
            spots.add(p.instanceId() + " gpu " + p.gpuIndex() + (ref == null ? "" : " " + ref.profile() + "@" + ref.start()));
        }
        return String.join(", ", spots);
    }

    private static String requirement(List<Placement> ps) {
        long memory = 0;
        Integer percent = null;
        for (Placement p : ps) {
            if (p.allocation().memoryMiB() != null) memory += p.allocation().memoryMiB();
            if (p.allocation().maxComputePercent() != null) percent = p.allocation().maxComputePercent();
        }
        if (memory == 0) return "";
        return " (" + memory + " MiB" + (percent == null ? "" : ", " + percent + "% compute") + ")";
    }
}
