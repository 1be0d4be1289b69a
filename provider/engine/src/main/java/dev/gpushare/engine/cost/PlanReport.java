package dev.gpushare.engine.cost;

import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.PlanText;
import java.util.Objects;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plan with what it changes in cost and GPU memory: {@code plan}'s output. Text: the plan, the
 * change line ({@code $/hour 48.10 → 52.70 (+4.60); …}) and the desired fleet's table. JSON: the
 * plan document, {@code desired.summary} with the figures ({@link UsageJson}) and a
 * {@code costChange} object with the before/after pairs.
 *
 * @param plan   the plan
 * @param before the actual fleet's figures
 * @param after  the desired fleet's figures
 */
public record PlanReport(Plan plan, FleetUsage before, FleetUsage after) {
    public PlanReport {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    public String text() {
        StringBuilder out = new StringBuilder(PlanText.render(plan));
        out.append(UsageText.change(before, after)).append('\n');
        if (!plan.desired().instances().isEmpty()) out.append(UsageText.render(after));
        return out.toString();
    }

    public String json() {
        ObjectNode root = PlanJson.toTree(plan);
        root.set("desired", FleetReport.tree(plan.desired(), after));
        ObjectNode change = root.putObject("costChange");
        change.put("costPerHourBefore", UsageJson.plain(before.costPerHour()));
        change.put("costPerHourAfter", UsageJson.plain(after.costPerHour()));
        change.put("costPerHourDelta", UsageJson.plain(after.costPerHour().subtract(before.costPerHour())));
        change.put("instancesBefore", before.instances());
        change.put("instancesAfter", after.instances());
        change.put("allocatedMiBBefore", before.memory().allocatedMiB());
        change.put("allocatedMiBAfter", after.memory().allocatedMiB());
        change.put("strandedMiBBefore", before.memory().strandedMiB());
        change.put("strandedMiBAfter", after.memory().strandedMiB());
        return PlanJson.print(root);
    }
}
