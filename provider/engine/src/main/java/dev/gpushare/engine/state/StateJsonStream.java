package dev.gpushare.engine.state;

import dev.gpushare.model.io.Json;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one writer of the state document (CONTRACT.md §2): keys in contract order, nulls as
 * {@code null}. It writes to a generator, so the same code serves both forms: {@link #write} prints
 * straight to a writer, value by value, for a large fleet's state (98,000 copies: 43 MB) where a
 * tree costs more than the writing; {@link StateJson#toTree} replays it into a tree. Only the small
 * parts (the {@code summary}, a GPU's MIG partitions, what follows the summary) go through trees,
 * written in place.
 */
public final class StateJsonStream {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StateJsonStream() {}

    /** The {@code summary} object of {@code state}'s document, to which more keys may be added before writing. */
    public static ObjectNode summary(FleetState state) {
        return (ObjectNode) Json.tree(state.summary());
    }

    /**
     * Writes {@code state}'s document to {@code out} (left open, flushed) with {@code summary} as its
     * summary and the fields of {@code after} following it, then a newline: the characters of
     * {@code Json.print} of the tree with the same content.
     */
    public static void write(FleetState state, JsonNode summary, Map<String, JsonNode> after, Writer out) throws IOException {
        try (JsonGenerator g = Json.printer(out)) {
            document(g, state, summary, after);
        }
        out.write('\n');
        out.flush();
    }

    /** {@code state}'s document with {@code summary} and then the fields of {@code after}. */
    static void document(JsonGenerator g, FleetState state, JsonNode summary, Map<String, JsonNode> after) {
        g.writeStartObject();
        g.writeStringProperty("cluster", state.cluster());
        g.writeName("instances");
        g.writeStartArray();
        for (Instance i : state.instances()) instance(g, i);
        g.writeEndArray();
        g.writeName("unplaced");
        g.writeStartArray();
        for (Unplaced u : state.unplaced()) {
            g.writeStartObject();
            g.writeStringProperty("task", u.task().toString());
            g.writeStringProperty("code", u.code().name());
            g.writeStringProperty("message", u.message());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("summary");
        g.writeTree(summary);
        for (Map.Entry<String, JsonNode> e : after.entrySet()) {
            g.writeName(e.getKey());
            g.writeTree(e.getValue());
        }
        g.writeEndObject();
    }

    /** One instance as the state document writes it. */
    static void instance(JsonGenerator g, Instance i) {
        g.writeStartObject();
        g.writeStringProperty("id", i.id().toString());
        g.writeStringProperty("capacityProvider", i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null);
        g.writeStringProperty("endpoint", i.owner() instanceof Owner.Endpoint e ? e.name() : null);
        g.writeStringProperty("instanceType", i.instanceType());
        g.writeBooleanProperty("healthy", i.healthy());
        if (i.healthReason() != null) g.writeStringProperty("healthReason", i.healthReason());
        g.writeName("gpus");
        g.writeStartArray();
        for (Gpu gpu : i.gpus()) gpu(g, gpu);
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void gpu(JsonGenerator g, Gpu gpu) {
        g.writeStartObject();
        g.writeNumberProperty("index", gpu.index());
        g.writeStringProperty("model", gpu.model());
        g.writeNumberProperty("memoryMiB", gpu.memoryMiB());
        g.writeStringProperty("mode", gpu.mode().name());
        g.writeName("fraction");
        if (gpu.fraction() == null) g.writeNull(); else g.writeTree(NODES.numberNode(gpu.fraction())); // as the tree holds it
        g.writeName("partitions");
        if (gpu.partitions().isEmpty()) {
            g.writeStartArray();
            g.writeEndArray();
        } else {
            g.writeTree(Json.tree(gpu.partitions()));
        }
        g.writeName("allocations");
        g.writeStartArray();
        for (Allocation a : gpu.allocations()) allocation(g, a);
        g.writeEndArray();
        g.writeEndObject();
    }

    /** One allocation as the state document writes it. */
    static void allocation(JsonGenerator g, Allocation a) {
        g.writeStartObject();
        g.writeStringProperty("task", a.task().toString());
        g.writeStringProperty("container", a.container());
        g.writeName("memoryMiB");
        if (a.memoryMiB() == null) g.writeNull(); else g.writeNumber(a.memoryMiB());
        g.writeName("maxComputePercent");
        if (a.maxComputePercent() == null) g.writeNull(); else g.writeNumber(a.maxComputePercent());
        g.writeName("partition");
        if (a.partition() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeStringProperty("profile", a.partition().profile());
            g.writeNumberProperty("start", a.partition().start());
            g.writeEndObject();
        }
        g.writeName("env");
        g.writeStartObject();
        for (Map.Entry<String, String> e : a.env().entrySet()) g.writeStringProperty(e.getKey(), e.getValue());
        g.writeEndObject();
        if (a.revision() != null) g.writeStringProperty("revision", a.revision().value());
        g.writeEndObject();
    }
}
