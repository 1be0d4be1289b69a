package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.StateJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON forms the client and the server exchange. States and actions use the documents of
 * CONTRACT.md §2 (the state document, a plan's {@code actions}), so the API speaks what the CLI
 * prints.
 */
public final class ServiceWire {
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ServiceWire() {}

    /** {@code {"cluster", "revision", "state": STATE, "declaredLayouts": {instanceId: [profile]}}}. */
    public static ObjectNode snapshot(Snapshot s) {
        ObjectNode n = NODES.objectNode();
        n.put("cluster", s.state().cluster());
        n.put("revision", s.revision());
        n.set("state", StateJson.toTree(s.state()));
        ObjectNode layouts = n.putObject("declaredLayouts");
        for (Map.Entry<InstanceId, List<String>> e : new TreeMap<>(s.declaredLayouts()).entrySet()) {
            ArrayNode a = layouts.putArray(e.getKey().toString());
            e.getValue().forEach(a::add);
        }
        if (!s.rollouts().isEmpty()) n.set("rollouts", MAPPER.valueToTree(s.rollouts()));
        return n;
    }

    /** The rollout records of a snapshot's {@code "rollouts"} array (none when absent). */
    public static List<RolloutRecord> rollouts(JsonNode n) {
        List<RolloutRecord> out = new ArrayList<>();
        if (n == null || !n.isArray()) return out;
        for (JsonNode r : n.values()) out.add(MAPPER.treeToValue(r, RolloutRecord.class));
        return out;
    }

    public static Snapshot snapshot(JsonNode n) {
        FleetState state = StateJson.fromTree(n.get("state"));
        Map<InstanceId, List<String>> layouts = new TreeMap<>();
        JsonNode l = n.get("declaredLayouts");
        if (l != null && l.isObject()) {
            for (Map.Entry<String, JsonNode> e : l.properties()) {
                List<String> names = new ArrayList<>();
                for (JsonNode v : e.getValue().values()) names.add(v.asString());
                layouts.put(InstanceId.parse(e.getKey()), List.copyOf(names));
            }
        }
        return new Snapshot(state, n.get("revision").asLong(), layouts, null, rollouts(n.get("rollouts")));
    }

    /** The actions in a plan's form ({@code [{"kind", …}]}). */
    public static ArrayNode actions(List<Action> actions) {
        return PlanJson.toTree(actions);
    }

    /**
     * Reads actions in a plan's form.
     *
     * @throws IllegalArgumentException naming what is wrong when they are not actions
     */
    public static List<Action> actions(JsonNode actions) {
        if (actions == null || !actions.isArray()) throw new IllegalArgumentException("'actions' must be an array of plan actions");
        try {
            return PlanJson.actions(actions);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            // a field of the wrong type or missing deep inside an action: the input's fault
            throw new IllegalArgumentException("an action is malformed (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); send actions as `gpushare plan --format json` prints them", e);
        }
    }
}
