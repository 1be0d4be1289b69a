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
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.InstanceTypeDef;
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
        ArrayNode actions = root.putArray("actions");
        for (Action a : plan.actions()) actions.add(action(a));
        root.set("desired", StateJson.toTree(plan.desired()));
        root.put("cluster", plan.cluster());
        root.put("specHash", plan.specHash());
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
        List<Action> actions = new ArrayList<>();
        for (JsonNode a : root.get("actions").values()) actions.add(readAction(a));
        FleetState desired = StateJson.fromTree(root.get("desired"));
        JsonNode cluster = root.get("cluster");
        JsonNode hash = root.get("specHash");
        return new Plan(cluster == null ? desired.cluster() : cluster.asString(), root.get("revision").asLong(), actions,
                desired, hash == null || hash.isNull() ? null : hash.asString());
    }

    private static ObjectNode action(Action action) {
        ObjectNode n = NODES.objectNode();
        n.put("kind", action.kind());
        switch (action) {
            case LaunchInstance l -> {
                n.set("instance", instanceNode(l.instance()));
                layout(n, l.declaredLayout());
                declaredType(n, l.declaredType());
            }
            case ReplaceInstance r -> {
                n.set("instance", instanceNode(r.instance()));
                layout(n, r.declaredLayout());
                n.put("reason", r.reason());
                declaredType(n, r.declaredType());
            }
            case ConfigureGpu c -> {
                n.put("instance", c.instanceId());
                n.put("gpu", c.gpuIndex());
                n.put("fromMode", c.fromMode() == null ? null : c.fromMode().name());
                n.put("mode", c.mode().name());
                if (c.fraction() == null) n.putNull("fraction"); else n.put("fraction", c.fraction());
                ArrayNode ps = n.putArray("partitions");
                for (MigPartition p : c.partitions()) {
                    ObjectNode pn = ps.addObject();
                    pn.put("profile", p.profile());
                    pn.put("start", p.start());
                    pn.put("memoryMiB", p.memoryMiB());
                }
            }
            case PlaceCopy p -> {
                n.put("task", p.task());
                n.set("to", placements(p.placements()));
            }
            case MoveCopy m -> {
                n.put("task", m.task());
                n.set("from", placements(m.from()));
                n.set("to", placements(m.to()));
                n.put("reason", m.reason());
                n.put("replacement", m.replacement());
            }
            case StopCopy s -> {
                n.put("task", s.task());
                n.set("from", placements(s.from()));
            }
            case TerminateInstance t -> {
                n.put("instance", t.instanceId());
                n.put("reason", t.reason());
            }
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
                Gpu g = readGpu(n, NODES.arrayNode());
                JsonNode from = n.get("fromMode");
                yield new ConfigureGpu(text(n, "instance"), n.get("gpu").asInt(),
                        from == null || from.isNull() ? null : GpuMode.valueOf(from.asString()), g.mode(), g.fraction(), g.partitions());
            }
            case "placeCopy" -> new PlaceCopy(text(n, "task"), readPlacements(n.get("to")));
            case "moveCopy" -> new MoveCopy(text(n, "task"), readPlacements(n.get("from")), readPlacements(n.get("to")),
                    text(n, "reason"), n.get("replacement") != null && n.get("replacement").asBoolean());
            case "stopCopy" -> new StopCopy(text(n, "task"), readPlacements(n.get("from")));
            case "terminateInstance" -> new TerminateInstance(text(n, "instance"), text(n, "reason"));
            default -> throw new IllegalArgumentException("saved plan: unknown action kind '" + kind + "'");
        };
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
            n.put("instance", p.instanceId());
            n.put("gpu", p.gpuIndex());
            // the allocation in the state document's form: wrap it, print, unwrap
            Gpu g = new Gpu(p.gpuIndex(), "-", 0, GpuMode.IDLE, null, List.of(), List.of(p.allocation()));
            JsonNode inst = instanceNode(new Instance(p.instanceId(), "-", null, "-", true, null, List.of(g)));
            n.set("allocation", inst.get("gpus").get(0).get("allocations").get(0));
        }
        return a;
    }

    private static List<Placement> readPlacements(JsonNode a) {
        List<Placement> out = new ArrayList<>();
        if (a == null || a.isNull()) return out;
        for (JsonNode n : a.values()) {
            ArrayNode allocs = NODES.arrayNode();
            allocs.add(n.get("allocation"));
            Gpu g = readGpu(null, allocs);
            Allocation alloc = g.allocations().getFirst();
            out.add(new Placement(text(n, "instance"), n.get("gpu").asInt(), alloc));
        }
        return out;
    }

    private static JsonNode instanceNode(Instance i) {
        return StateJson.toTree(new FleetState("-", List.of(i), List.of())).get("instances").get(0);
    }

    private static Instance readInstance(JsonNode n) {
        if (n == null || !n.isObject()) throw new IllegalArgumentException("saved plan: an instance action lacks 'instance'");
        ObjectNode root = NODES.objectNode();
        root.put("cluster", "-");
        root.putArray("instances").add(n);
        root.putArray("unplaced");
        return StateJson.fromTree(root).instances().getFirst();
    }

    /** A GPU read through the state form: from a configure action ({@code n}) or around allocations. */
    private static Gpu readGpu(JsonNode n, ArrayNode allocations) {
        ObjectNode g = NODES.objectNode();
        g.put("index", n == null ? 0 : n.get("gpu").asInt());
        g.put("model", "-");
        g.put("memoryMiB", 0);
        g.put("mode", n == null ? "IDLE" : text(n, "mode"));
        if (n == null || n.get("fraction") == null) g.putNull("fraction"); else g.set("fraction", n.get("fraction"));
        g.set("partitions", n == null || n.get("partitions") == null ? NODES.arrayNode() : n.get("partitions"));
        g.set("allocations", allocations);
        ObjectNode inst = NODES.objectNode();
        inst.put("id", "-");
        inst.put("instanceType", "-");
        inst.putArray("gpus").add(g);
        return readInstance(inst).gpus().getFirst();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) throw new IllegalArgumentException("saved plan: '" + field + "' is missing");
        return v.asString();
    }
}
