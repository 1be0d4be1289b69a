package dev.gpushare.engine.advise.capacity;

import dev.gpushare.engine.cost.UsageJson;
import dev.gpushare.engine.cost.UsageText;
import dev.gpushare.engine.internal.TextTable;
import dev.gpushare.model.io.SpecWriter;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@link CapacityAdvice} as text (tables for people) and JSON (every alternative, for scripts). */
public final class CapacityAdviceDocument {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private CapacityAdviceDocument() {}

    /**
     * Per workload the table of its cheapest {@code top} feasible alternatives (0: all of them),
     * {@code *} marking the choice and {@code x} the ones below {@code --isolation}; then the chosen
     * pools, the totals, and the chosen spec.
     */
    public static String toText(CapacityAdvice advice, int top) {
        StringBuilder out = new StringBuilder();
        for (WorkloadAdvice w : advice.workloads()) {
            out.append(w.service() ? "service " : "inference component ").append(w.name()).append(": ").append(w.copies())
                    .append(w.copies() == 1 ? " copy" : " copies").append(" × ");
            if (w.wholeGpus() > 0) out.append(w.wholeGpus()).append(" whole GPUs");
            else out.append(w.gpuMemoryMiB()).append(" MiB GPU memory");
            if (w.maxComputePercent() != null) out.append(", compute limit ").append(w.maxComputePercent()).append('%');
            out.append('\n');
            TextTable table = new TextTable("", "ALTERNATIVE", "INSTANCES", "$/HOUR", "MEMORY USED", "GIVES UP")
                    .indent(" ").alignRight(2, 3, 4);
            int shown = 0, feasible = 0;
            for (int i = 0; i < w.alternatives().size(); i++) {
                Alternative a = w.alternatives().get(i);
                if (!a.feasible()) continue;
                feasible++;
                if (top > 0 && shown >= top && i != w.choice()) continue;
                shown++;
                String mark = i == w.choice() ? "*" : advice.isolation().allows(a.form().isolation()) ? "" : "x";
                row(table, mark, a.label(), a);
            }
            if (w.asSpecified() != null) {
                Alternative s = w.asSpecified();
                row(table, "=", "as specified: " + s.label(), s);
            }
            out.append(table.render());
            int infeasible = w.alternatives().size() - feasible;
            if (feasible > shown || infeasible > 0) {
                out.append("  (").append(feasible - shown).append(" more feasible, ").append(infeasible)
                        .append(" that could not place every copy; --top 0 or --format json lists them)\n");
            }
            if (w.choice() < 0) out.append("  no feasible alternative keeps --isolation ")
                    .append(advice.isolation().name().toLowerCase(Locale.ROOT)).append(": left as specified\n");
            out.append('\n');
        }
        for (CapacityAdvice.Skipped s : advice.skipped()) out.append("skipped ").append(s.name()).append(": ").append(s.reason()).append('\n');
        if (!advice.skipped().isEmpty()) out.append('\n');
        out.append("chosen (--isolation ").append(advice.isolation().name().toLowerCase(Locale.ROOT))
                .append("; * marks the choice, x an alternative below that isolation, = the spec as given):\n");
        for (CapacityAdvice.ChosenPool p : advice.pools()) {
            out.append("  ").append(p.endpoint() ? "endpoint " : "capacity provider ").append(p.name()).append(": ")
                    .append(String.join(", ", p.workloads())).append(" — ").append(p.instances()).append(" × ")
                    .append(p.instanceType()).append(", $/hour ").append(UsageText.cents(p.costPerHour())).append('\n');
        }
        out.append("total: ").append(advice.usage().instances()).append(advice.usage().instances() == 1 ? " instance" : " instances")
                .append(", $/hour ").append(UsageText.cents(advice.usage().costPerHour()))
                .append(" (each alternative on a pool of its own: ").append(UsageText.cents(advice.apartPerHour()))
                .append("; the spec as given: ").append(UsageText.cents(advice.givenPerHour())).append(")\n");
        out.append(UsageText.render(advice.usage()));
        out.append("\n# the chosen spec (gpushare advise capacity FILE --write OUT saves it):\n");
        out.append(SpecWriter.toYaml(advice.spec()));
        return out.toString();
    }

    private static void row(TextTable table, String mark, String label, Alternative a) {
        table.row(mark, label, a.instances(), UsageText.cents(a.costPerHour()),
                String.format(Locale.ROOT, "%.1f%%", a.allocatedPercent()), a.form().givesUp());
    }

    /** Every alternative ({@code top} 0), or the cheapest {@code top} feasible ones and the choice, with how many were left out. */
    public static String toJson(CapacityAdvice advice, int top) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("isolation", advice.isolation().name().toLowerCase(Locale.ROOT));
        ArrayNode ws = root.putArray("workloads");
        for (WorkloadAdvice w : advice.workloads()) {
            ObjectNode n = ws.addObject();
            n.put("kind", w.service() ? "service" : "inferenceComponent");
            n.put("name", w.name());
            n.put("copies", w.copies());
            n.put("gpuMemoryMiB", w.gpuMemoryMiB());
            n.put("maxComputePercent", w.maxComputePercent());
            n.put("wholeGpus", w.wholeGpus());
            if (w.asSpecified() == null) n.putNull("asSpecified"); else n.set("asSpecified", alternative(w.asSpecified()));
            ArrayNode alts = f.arrayNode();
            Integer choice = null;
            int omitted = 0;
            for (int i = 0; i < w.alternatives().size(); i++) {
                Alternative a = w.alternatives().get(i);
                boolean keep = top == 0 || i == w.choice() || (a.feasible() && alts.size() < top);
                if (!keep) {
                    omitted++;
                    continue;
                }
                if (i == w.choice()) choice = alts.size();
                alts.add(alternative(a));
            }
            n.put("choice", choice);
            n.set("alternatives", alts);
            n.put("alternativesOmitted", omitted);
        }
        ArrayNode skipped = root.putArray("skipped");
        for (CapacityAdvice.Skipped s : advice.skipped()) skipped.addObject().put("name", s.name()).put("reason", s.reason());
        ArrayNode pools = root.putArray("pools");
        for (CapacityAdvice.ChosenPool p : advice.pools()) {
            ObjectNode n = pools.addObject();
            n.put("name", p.name());
            n.put("kind", p.endpoint() ? "endpoint" : "capacityProvider");
            n.put("form", p.form().name());
            n.put("instanceType", p.instanceType());
            ArrayNode names = n.putArray("workloads");
            p.workloads().forEach(names::add);
            n.put("instances", p.instances());
            n.put("costPerHour", UsageJson.plain(p.costPerHour()));
        }
        ObjectNode total = root.putObject("total");
        total.put("instances", advice.usage().instances());
        total.put("costPerHour", UsageJson.plain(advice.usage().costPerHour()));
        total.put("apartCostPerHour", UsageJson.plain(advice.apartPerHour()));
        total.put("givenCostPerHour", UsageJson.plain(advice.givenPerHour()));
        total.put("allocatedMiB", advice.usage().memory().allocatedMiB());
        total.put("usableMiB", advice.usage().memory().usableMiB());
        total.put("strandedMiB", advice.usage().memory().strandedMiB());
        ArrayNode un = root.putArray("unadvised");
        advice.unadvised().forEach(un::add);
        root.set("spec", SpecWriter.toTree(advice.spec()));
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }

    private static ObjectNode alternative(Alternative a) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("label", a.label());
        n.put("form", a.form().name());
        n.put("instanceType", a.instanceType());
        ArrayNode layout = n.putArray("layout");
        a.layout().forEach(layout::add);
        n.put("replicas", a.replicas());
        n.put("instances", a.instances());
        n.put("costPerHour", UsageJson.plain(a.costPerHour()));
        n.put("allocatedPercent", Math.round(a.allocatedPercent() * 10) / 10.0);
        n.put("isolation", a.form().isolation().name().toLowerCase(Locale.ROOT));
        n.put("givesUp", a.form().givesUp());
        n.put("feasible", a.feasible());
        n.put("reason", a.reason());
        return n;
    }
}
