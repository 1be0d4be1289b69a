package dev.gpushare.engine.cost;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.StateJsonStream;
import dev.gpushare.engine.state.StateText;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A state document with the fleet's cost and GPU memory figures: what {@code place} and
 * {@code status} print. The JSON is the state document whose {@code summary} carries the figures
 * after its counts ({@link UsageJson}); the text is the state's text followed by the table of
 * {@link UsageText}.
 */
public final class FleetReport {
    private FleetReport() {}

    public static JsonNode tree(FleetState state, FleetUsage usage) {
        JsonNode root = StateJson.toTree(state);
        UsageJson.write((ObjectNode) root.get("summary"), usage);
        return root;
    }

    /** Pretty-printed, byte-stable for equal inputs. */
    public static String json(FleetState state, FleetUsage usage) {
        return json(state, usage, java.util.List.of());
    }

    /** {@link #json} written straight to {@code out} (left open): the same characters, without the document as one string. */
    public static void json(FleetState state, FleetUsage usage, java.io.Writer out) throws java.io.IOException {
        json(state, usage, java.util.List.of(), out);
    }

    /**
     * {@link #json(FleetState, FleetUsage, java.util.List)} written straight to {@code out} (left
     * open): the same characters, written value by value ({@link StateJsonStream}) without the
     * document's tree or the document as one string.
     */
    public static void json(FleetState state, FleetUsage usage, java.util.List<RolloutRecord> rollouts, java.io.Writer out)
            throws java.io.IOException {
        ObjectNode summary = StateJsonStream.summary(state);
        UsageJson.write(summary, usage);
        java.util.Map<String, JsonNode> after = rollouts.isEmpty()
                ? java.util.Map.of() : java.util.Map.of("rollouts", MAPPER.valueToTree(rollouts));
        StateJsonStream.write(state, summary, after, out);
    }

    /**
     * {@link #json(FleetState, FleetUsage)} with the cluster's rollout records as {@code "rollouts"}
     * ({@code [{"group", "from", "to", "wave", "waves", "phase", "reason"}]}, left out when there
     * are none, so a document without rollouts is as before).
     */
    public static String json(FleetState state, FleetUsage usage, java.util.List<RolloutRecord> rollouts) {
        java.io.StringWriter out = new java.io.StringWriter(1 << 12);
        try {
            json(state, usage, rollouts, out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringWriter does not throw
        }
        return out.toString();
    }

    /** The document of {@link #json(FleetState, FleetUsage, java.util.List)} as a tree (the form it is printed the same as). */
    public static JsonNode tree(FleetState state, FleetUsage usage, java.util.List<RolloutRecord> rollouts) {
        JsonNode root = tree(state, usage);
        if (!rollouts.isEmpty()) ((ObjectNode) root).set("rollouts", MAPPER.valueToTree(rollouts));
        return root;
    }

    /** {@link #text(FleetState, FleetUsage)} followed by a {@code rollouts:} section when there are records. */
    public static String text(FleetState state, FleetUsage usage, java.util.List<RolloutRecord> rollouts) {
        String base = text(state, usage);
        if (rollouts.isEmpty()) return base;
        StringBuilder sb = new StringBuilder(base);
        if (!base.endsWith("\n")) sb.append('\n');
        sb.append("rollouts:\n");
        for (RolloutRecord r : rollouts) sb.append(dev.gpushare.model.io.Printable.line("  " + r.line())).append('\n');
        return sb.toString();
    }

    private static final tools.jackson.databind.json.JsonMapper MAPPER = tools.jackson.databind.json.JsonMapper.builder().build();

    /** The state's text, then the cost and GPU memory table (left out for a fleet without instances). */
    public static String text(FleetState state, FleetUsage usage) {
        String base = StateText.render(state);
        return state.instances().isEmpty() ? base : base + UsageText.render(usage);
    }
}
