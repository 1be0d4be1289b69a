package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Unplaced;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The placement outputs of one resource, read from a fleet state.
 *
 * <ul>
 *   <li>CapacityProvider and Endpoint: {@code instances} — id, type, health and per GPU its
 *       model, memory (MiB), mode and MIG partitions ({@code profile@start}).
 *   <li>Service and InferenceComponent: {@code copies} — per copy ({@code NAME/N}) its instance
 *       and per container and GPU the GPU index, MPS memory (MiB) / compute (percent), partition
 *       and environment; and {@code unplaced} — copies that did not fit, with the reason.
 *   <li>TaskDefinition: none (it only describes containers).
 * </ul>
 */
public final class Views {
    public static final String INSTANCES = "instances";
    public static final String COPIES = "copies";
    public static final String UNPLACED = "unplaced";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Views() {}

    /** The output properties {@code kind} computes (not inputs). */
    public static List<String> outputNames(Kind kind) {
        return switch (kind) {
            case CAPACITY_PROVIDER, ENDPOINT -> List.of(INSTANCES);
            case SERVICE, INFERENCE_COMPONENT -> List.of(COPIES, UNPLACED);
            case TASK_DEFINITION -> List.of();
        };
    }

    /** Sets the outputs of resource {@code name} of {@code kind} from {@code state} into {@code out}. */
    public static void put(ObjectNode out, Kind kind, String name, FleetState state) {
        switch (kind) {
            case CAPACITY_PROVIDER -> out.set(INSTANCES, instances(state, i -> name.equals(i.capacityProvider())));
            case ENDPOINT -> out.set(INSTANCES, instances(state, i -> name.equals(i.endpoint())));
            case SERVICE, INFERENCE_COMPONENT -> {
                out.set(COPIES, copies(state, name));
                out.set(UNPLACED, unplaced(state.unplaced(), name));
            }
            case TASK_DEFINITION -> { }
        }
    }

    /** Marks every output of {@code kind} as unknown (a preview that cannot predict them). */
    public static void putUnknown(ObjectNode out, Kind kind) {
        for (String n : outputNames(kind)) out.put(n, Wire.UNKNOWN);
    }

    private static ArrayNode instances(FleetState state, java.util.function.Predicate<Instance> mine) {
        ArrayNode out = NODES.arrayNode();
        for (Instance i : state.instances()) {
            if (!mine.test(i)) continue;
            ObjectNode o = out.addObject();
            o.put("id", i.id());
            o.put("instanceType", i.instanceType());
            o.put("healthy", i.healthy());
            ArrayNode gpus = o.putArray("gpus");
            for (Gpu g : i.gpus()) {
                ObjectNode go = gpus.addObject();
                go.put("index", g.index());
                go.put("model", g.model());
                go.put("memoryMiB", g.memoryMiB());
                ArrayNode parts = go.putArray("partitions");
                for (MigPartition p : g.partitions()) parts.add(p.profile() + "@" + p.start());
            }
        }
        return out;
    }

    private static ArrayNode copies(FleetState state, String name) {
        Map<String, ObjectNode> byTask = new TreeMap<>(Views::byCopyNumber);
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    if (!a.task().startsWith(name + "/")) continue;
                    ObjectNode copy = byTask.computeIfAbsent(a.task(), t -> {
                        ObjectNode c = NODES.objectNode();
                        c.put("copy", t);
                        c.put("instanceId", i.id());
                        c.putArray("containers");
                        return c;
                    });
                    ObjectNode ao = ((ArrayNode) copy.get("containers")).addObject();
                    ao.put("container", a.container());
                    ao.put("gpu", g.index());
                    if (a.memoryMiB() != null) ao.put("memoryMiB", a.memoryMiB());
                    if (a.maxComputePercent() != null) ao.put("maxComputePercent", a.maxComputePercent());
                    if (a.partition() != null) ao.put("partition", a.partition().profile() + "@" + a.partition().start());
                    ObjectNode env = ao.putObject("env");
                    a.env().forEach(env::put);
                }
            }
        }
        ArrayNode out = NODES.arrayNode();
        byTask.values().forEach(out::add);
        return out;
    }

    private static ArrayNode unplaced(List<Unplaced> unplaced, String name) {
        ArrayNode out = NODES.arrayNode();
        for (Unplaced u : unplaced) {
            if (!u.task().startsWith(name + "/")) continue;
            out.addObject().put("copy", u.task()).put("code", u.code().name()).put("message", u.message());
        }
        return out;
    }

    /** {@code svc/2} before {@code svc/10}. */
    private static int byCopyNumber(String a, String b) {
        int c = Integer.compare(a.length(), b.length());
        return c != 0 ? c : a.compareTo(b);
    }
}
