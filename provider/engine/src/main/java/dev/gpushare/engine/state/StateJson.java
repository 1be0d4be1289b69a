package dev.gpushare.engine.state;

import dev.gpushare.model.io.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.TreeBuildingGenerator;

/**
 * The state document of CONTRACT.md §2: {@link FleetState} to and from JSON.
 *
 * <p>Keys are written in exactly the contract's order and nulls are written as {@code null}, so the
 * output is byte-stable for equal states. {@code healthReason} is the one optional key: written only
 * when set, and an allocation's {@code revision} (what the copy runs), written last, when known: a
 * document written before revisions has none, read as unknown. {@code summary} is derived and ignored on read.
 */
public final class StateJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private StateJson() {}

    /** The state as a JSON tree, keys in contract order (written by {@link StateJsonStream}, the one writer). */
    public static JsonNode toTree(FleetState state) {
        return tree(g -> StateJsonStream.document(g, state, StateJsonStream.summary(state), Map.of()));
    }

    /** Pretty-printed JSON with a trailing newline; equal states give identical bytes. */
    public static String toJson(FleetState state) {
        return print(toTree(state));
    }

    /** A state tree (possibly with more summary keys, as the cost figures add) in this document's print form. */
    public static String print(JsonNode tree) {
        return Json.print(tree);
    }

    /**
     * Reads a state document.
     *
     * @throws IllegalArgumentException when the text is not a state document (names the field)
     */
    public static FleetState fromJson(String json) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (tools.jackson.core.JacksonException e) {
            throw new IllegalArgumentException("not a JSON state document: " + e.getOriginalMessage(), e);
        }
        return fromTree(tree);
    }

    /** The inverse of {@link #toTree}; {@code summary} is ignored (it is derived). */
    public static FleetState fromTree(JsonNode root) {
        List<Instance> instances = new ArrayList<>();
        for (JsonNode i : array(root, "instances")) instances.add(instance(i));
        List<Unplaced> unplaced = new ArrayList<>();
        for (JsonNode u : array(root, "unplaced")) {
            unplaced.add(new Unplaced(TaskId.parse(text(u, "task")), placementCode(text(u, "code")), text(u, "message")));
        }
        return new FleetState(text(root, "cluster"), instances, unplaced);
    }

    /** One instance as the state document writes it. */
    public static ObjectNode toTree(Instance i) {
        return (ObjectNode) tree(g -> StateJsonStream.instance(g, i));
    }

    /** One allocation as the state document writes it. */
    public static ObjectNode toTree(Allocation a) {
        return (ObjectNode) tree(g -> StateJsonStream.allocation(g, a));
    }

    /** What {@code write} writes to a generator, as a tree (built as it is written). */
    private static JsonNode tree(Consumer<JsonGenerator> write) {
        try (TreeBuildingGenerator g = TreeBuildingGenerator.forSerialization(null, JsonNodeFactory.instance)) {
            write.accept(g);
            return g.treeBuilt();
        }
    }

    /** An instance of the state document (the inverse of {@link #toTree(Instance)}). */
    public static Instance instance(JsonNode n) {
        List<Gpu> gpus = new ArrayList<>();
        for (JsonNode g : array(n, "gpus")) gpus.add(readGpu(g));
        JsonNode healthy = n.get("healthy");
        String id = text(n, "id");
        return new Instance(InstanceId.parse(id), owner(n, id), text(n, "instanceType"),
                healthy == null || healthy.asBoolean(), optText(n, "healthReason"), gpus);
    }

    private static Owner owner(JsonNode n, String id) {
        String cp = optText(n, "capacityProvider"), endpoint = optText(n, "endpoint");
        if ((cp == null) == (endpoint == null)) {
            throw new IllegalArgumentException("state document: instance '" + dev.gpushare.model.io.Printable.line(id)
                    + "' must name exactly one of 'capacityProvider' and 'endpoint'");
        }
        return cp != null ? new Owner.CapacityProvider(cp) : new Owner.Endpoint(endpoint);
    }

    /** MIG instances ({@code [{"profile", "start", "memoryMiB"}]}); none when the field is absent. */
    public static List<MigPartition> partitions(JsonNode n) {
        List<MigPartition> parts = new ArrayList<>();
        for (JsonNode p : array(n, "partitions")) {
            parts.add(new MigPartition(text(p, "profile"), p.get("start").asInt(), p.get("memoryMiB").asLong()));
        }
        return parts;
    }

    private static Gpu readGpu(JsonNode n) {
        List<MigPartition> parts = partitions(n);
        List<Allocation> allocs = new ArrayList<>();
        for (JsonNode a : array(n, "allocations")) allocs.add(allocation(a));
        JsonNode fraction = n.get("fraction");
        BigDecimal f = fraction == null || fraction.isNull() ? null : fraction.decimalValue();
        return new Gpu(n.get("index").asInt(), text(n, "model"), n.get("memoryMiB").asLong(),
                GpuMode.valueOf(text(n, "mode")), f, parts, allocs);
    }

    /** An allocation of the state document (the inverse of {@link #toTree(Allocation)}). */
    public static Allocation allocation(JsonNode n) {
        JsonNode mem = n.get("memoryMiB");
        JsonNode pct = n.get("maxComputePercent");
        JsonNode part = n.get("partition");
        Allocation.PartitionRef ref = part == null || part.isNull()
                ? null : new Allocation.PartitionRef(text(part, "profile"), part.get("start").asInt());
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode envNode = n.get("env");
        if (envNode != null && envNode.isObject()) {
            for (Map.Entry<String, JsonNode> e : envNode.properties()) env.put(e.getKey(), e.getValue().asString());
        }
        String revision = optText(n, "revision"); // absent in a document written before revisions: unknown
        return new Allocation(TaskId.parse(text(n, "task")), text(n, "container"),
                mem == null || mem.isNull() ? null : mem.asLong(),
                pct == null || pct.isNull() ? null : pct.asInt(), ref, env,
                revision == null ? null : Revision.parse(revision));
    }

    private static PlacementCode placementCode(String code) {
        try {
            return PlacementCode.valueOf(code);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("state document: '" + code + "' is not a placement code (see docs/placement.md)", e);
        }
    }

    private static Iterable<JsonNode> array(JsonNode n, String field) {
        JsonNode a = n.get(field);
        if (a == null || a.isNull()) return List.of();
        if (!a.isArray()) throw new IllegalArgumentException("state document: '" + field + "' must be an array");
        return a.values();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("state document: '" + field + "' is missing");
        }
        return v.asString();
    }

    private static String optText(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asString();
    }
}
