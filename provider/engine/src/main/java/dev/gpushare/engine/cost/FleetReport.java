package dev.gpushare.engine.cost;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.StateJson;
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
        return StateJson.print(tree(state, usage));
    }

    /** {@link #json} written straight to {@code out} (left open): the same characters, without the document as one string. */
    public static void json(FleetState state, FleetUsage usage, java.io.Writer out) throws java.io.IOException {
        dev.gpushare.model.io.Json.print(tree(state, usage), out);
    }

    /** The state's text, then the cost and GPU memory table (left out for a fleet without instances). */
    public static String text(FleetState state, FleetUsage usage) {
        String base = StateText.render(state);
        return state.instances().isEmpty() ? base : base + UsageText.render(usage);
    }
}
