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
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.io.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plan as JSON (CONTRACT.md §2: {@code {"revision", "actions": [{"kind", …}], "desired": STATE}},
 * then {@code cluster} and {@code specHash}), which is also the saved-plan file of {@code plan
 * --out}. Instances and allocations inside actions use the state document's form.
 */
public final class PlanJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private PlanJson() {}

    public static String toJson(Plan plan) {
        return print(toTree(plan));
    }

    /** A plan tree (possibly with more keys, as the cost figures add) in this document's print form. */
    public static String print(JsonNode tree) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n";
    }

    public static ObjectNode toTree(Plan plan) {
        ObjectNode root = NODES.objectNode();
        root.put("revision", plan.revision());
        ArrayNode actions = toTree(plan.actions());
        // a rollout's actions carry their wave (apply runs them in this order, wave after wave)
        for (int i = 0; i < plan.actions().size(); i++) if (plan.waveOf(i) > 0) ((ObjectNode) actions.get(i)).put("wave", plan.waveOf(i));
        root.set("actions", actions);
        root.set("desired", StateJson.toTree(plan.desired()));
        root.put("cluster", plan.cluster());
        root.put("specHash", plan.specHash());
        if (!plan.rollouts().isEmpty()) root.set("rollouts", MAPPER.valueToTree(plan.rollouts()));
        return root;
    }

    /**
     * Reads a saved plan.
     *
     * @throws IllegalArgumentException when the text is not a plan (the message names what is wrong)
     */
    public static Plan fromJson(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not a JSON plan: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || root.get("actions") == null || root.get("desired") == null
                || root.get("revision") == null) {
            throw new IllegalArgumentException("not a saved plan: expected {\"revision\", \"actions\", \"desired\"}"
                    + " as `gpushare plan --out FILE` writes");
        }
        List<Action> actions = actions(root.get("actions"));
        FleetState desired = StateJson.fromTree(root.get("desired"));
        JsonNode cluster = root.get("cluster");
        JsonNode hash = root.get("specHash");
        List<Integer> waves = new ArrayList<>(actions.size());
        for (JsonNode a : root.get("actions").values()) {
            JsonNode w = a.get("wave");
            if (w != null && !(w.isIntegralNumber() && w.asInt() >= 1)) throw new IllegalArgumentException("saved plan: an action's 'wave' must be a number from 1");
            waves.add(w == null ? 0 : w.asInt());
        }
        List<Rollout> rollouts = new ArrayList<>();
        JsonNode rs = root.get("rollouts");
        if (rs != null && !rs.isNull()) {
            if (!rs.isArray()) throw new IllegalArgumentException("saved plan: 'rollouts' must be an array");
            for (JsonNode r : rs.values()) {
                try {
                    rollouts.add(MAPPER.treeToValue(r, Rollout.class));
                } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
                    throw new IllegalArgumentException("saved plan: a rollout is not {group, from, to, copies, firstWave, waves, …}: "
                            + e.getMessage(), e);
                }
            }
        }
        return new Plan(cluster == null ? desired.cluster() : cluster.asString(), root.get("revision").asLong(), actions,
                desired, hash == null || hash.isNull() ? null : hash.asString(), null, waves, rollouts);
    }

    /** Actions as a plan's {@code actions} array. */
    public static ArrayNode toTree(List<? extends Action> actions) {
        ArrayNode a = NODES.arrayNode();
        for (Action action : actions) a.add(action(action));
        return a;
    }

    /**
     * Actions from a plan's {@code actions} array (the inverse of {@link #toTree(List)}).
     *
     * @throws IllegalArgumentException naming what is wrong when they are not actions
     */
    public static List<Action> actions(JsonNode array) {
        if (array == null || !array.isArray()) throw new IllegalArgumentException("saved plan: 'actions' must be an array");
        List<Action> actions = new ArrayList<>();
        for (JsonNode a : array.values()) actions.add(readAction(a));
        return actions;
    }

    private static ObjectNode action(Action action) {
        ObjectNode n = NODES.objectNode();
        n.put("kind", action.kind());
        switch (action) {
            case LaunchInstance l -> {
                n.set("instance", StateJson.toTree(l.instance()));
                layout(n, l.declaredLayout());
                declaredType(n, l.declaredType());
            }
            case ReplaceInstance r -> {
                n.set("instance", StateJson.toTree(r.instance()));
                layout(n, r.declaredLayout());
                n.put("reason", r.reason());
                declaredType(n, r.declaredType());
            }
            case ConfigureGpu c -> {
                n.put("instance", c.instanceId().toString());
                n.put("gpu", c.gpuIndex());
                n.put("fromMode", c.fromMode() == null ? null : c.fromMode().name());
                n.put("mode", c.mode().name());
                if (c.fraction() == null) n.putNull("fraction"); else n.put("fraction", c.fraction());
                n.set("partitions", Json.tree(c.partitions()));
            }
            case PlaceCopy p -> {
                n.put("task", p.task().toString());
                n.set("to", placements(p.placements()));
            }
            case MoveCopy m -> {
                n.put("task", m.task().toString());
                n.set("from", placements(m.from()));
                n.set("to", placements(m.to()));
                n.put("reason", m.reason());
                n.put("replacement", m.replacement());
            }
            case StopCopy s -> {
                n.put("task", s.task().toString());
                n.set("from", placements(s.from()));
            }
            case TerminateInstance t -> {
                n.put("instance", t.instanceId().toString());
                n.put("reason", t.reason());
            }
            case Action.RecordRollout r -> n.set("rollout", MAPPER.valueToTree(r.record()));
        }
        return n;
    }

    private static Action readAction(JsonNode n) {
        String kind = text(n, "kind");
        return switch (kind) {
            case "launchInstance" -> new LaunchInstance(readInstance(n.get("instance")), readLayout(n), readDeclaredType(n));
            case "replaceInstance" -> new ReplaceInstance(readInstance(n.get("instance")), readLayout(n), text(n, "reason"),
                    readDeclaredType(n));
            case "configureGpu" -> {
                JsonNode from = n.get("fromMode"), fraction = n.get("fraction");
                yield new ConfigureGpu(InstanceId.parse(text(n, "instance")), n.get("gpu").asInt(),
                        from == null || from.isNull() ? null : GpuMode.valueOf(from.asString()), GpuMode.valueOf(text(n, "mode")),
                        fraction == null || fraction.isNull() ? null : fraction.decimalValue(), StateJson.partitions(n));
            }
            case "placeCopy" -> new PlaceCopy(task(n), readPlacements(n.get("to")));
            case "moveCopy" -> new MoveCopy(task(n), readPlacements(n.get("from")), readPlacements(n.get("to")),
                    text(n, "reason"), n.get("replacement") != null && n.get("replacement").asBoolean());
            case "stopCopy" -> new StopCopy(task(n), readPlacements(n.get("from")));
            case "terminateInstance" -> new TerminateInstance(InstanceId.parse(text(n, "instance")), text(n, "reason"));
            case "recordRollout" -> {
                JsonNode r = n.get("rollout");
                if (r == null || !r.isObject()) throw new IllegalArgumentException("saved plan: a recordRollout action needs a 'rollout' object");
                try {
                    yield new Action.RecordRollout(MAPPER.treeToValue(r, dev.gpushare.engine.state.RolloutRecord.class));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("saved plan: a rollout record is not {group, from, to, wave, waves, phase, reason}: "
                            + e.getMessage(), e);
                }
            }
            default -> throw new IllegalArgumentException("saved plan: unknown action kind '" + kind + "'");
        };
    }

    private static TaskId task(JsonNode n) {
        return TaskId.parse(text(n, "task"));
    }

    /** Only for a type the catalog lacks, so plans of catalog types print as before. */
    private static void declaredType(ObjectNode n, InstanceTypeDef d) {
        if (d == null) return;
        ObjectNode t = n.putObject("declaredType");
        t.put("name", d.name());
        t.put("gpuModel", d.gpuModel());
        t.put("gpuCount", d.gpuCount());
        t.put("vcpus", d.vcpus());
        t.put("memoryMiB", d.memoryMiB());
    }

    private static InstanceTypeDef readDeclaredType(JsonNode n) {
        JsonNode t = n.get("declaredType");
        if (t == null || t.isNull()) return null;
        if (!t.isObject()) throw new IllegalArgumentException("saved plan: 'declaredType' must be an object");
        return new InstanceTypeDef(text(t, "name"), text(t, "gpuModel"), integer(t, "gpuCount"), integer(t, "vcpus"),
                whole(t, "memoryMiB"));
    }

    private static int integer(JsonNode n, String field) {
        long v = whole(n, field);
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) throw new IllegalArgumentException("saved plan: '" + field + "' is out of range");
        return (int) v;
    }

    private static long whole(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("saved plan: '" + field + "' must be a whole number");
        }
        return v.asLong();
    }

    private static void layout(ObjectNode n, List<String> layout) {
        if (layout == null) {
            n.putNull("declaredLayout");
        } else {
            ArrayNode a = n.putArray("declaredLayout");
            layout.forEach(a::add);
        }
    }

    private static List<String> readLayout(JsonNode n) {
        JsonNode a = n.get("declaredLayout");
        if (a == null || a.isNull()) return null;
        List<String> out = new ArrayList<>();
        for (JsonNode v : a.values()) out.add(v.asString());
        return out;
    }

    private static ArrayNode placements(List<Placement> ps) {
        ArrayNode a = NODES.arrayNode();
        for (Placement p : ps) {
            ObjectNode n = a.addObject();
            n.put("instance", p.instanceId().toString());
            n.put("gpu", p.gpuIndex());
            n.set("allocation", StateJson.toTree(p.allocation()));
        }
        return a;
    }

    private static List<Placement> readPlacements(JsonNode a) {
        List<Placement> out = new ArrayList<>();
        if (a == null || a.isNull()) return out;
        for (JsonNode n : a.values()) {
            JsonNode alloc = n.get("allocation");
            if (alloc == null || !alloc.isObject()) throw new IllegalArgumentException("saved plan: a placement lacks 'allocation'");
            out.add(new Placement(InstanceId.parse(text(n, "instance")), n.get("gpu").asInt(), StateJson.allocation(alloc)));
        }
        return out;
    }

    private static Instance readInstance(JsonNode n) {
        if (n == null || !n.isObject()) throw new IllegalArgumentException("saved plan: an instance action lacks 'instance'");
        return StateJson.instance(n);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) throw new IllegalArgumentException("saved plan: '" + field + "' is missing");
        return v.asString();
    }
}
