package dev.gpushare.engine.advise;

import dev.gpushare.model.io.Json;
import dev.gpushare.model.io.SpecWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@link Advice} as text (for people) and JSON (for scripts): what {@code gpushare advise} prints. */
public final class AdviceDocument {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AdviceDocument() {}

    public static String toText(Advice advice) {
        StringBuilder out = new StringBuilder();
        if (advice.endpoints().isEmpty() && advice.notAdvised().isEmpty()) {
            out.append("nothing to advise: no endpoint without partitionLayout whose components all give gpuMemoryMiB\n");
        }
        for (EndpointAdvice e : advice.endpoints()) {
            out.append("endpoint ").append(e.endpoint()).append(" (").append(e.instanceType()).append(", ")
                    .append(e.gpuModel()).append("): partitionLayout ").append(e.partitionLayout())
                    .append(", instanceCount ").append(e.instanceCount()).append('\n');
            out.append("  ").append(e.gpus()).append(" GPUs host every copy; ").append(e.wastedMiB())
                    .append(" MiB unused inside partitions; ").append(e.layoutsSearched()).append(" layouts searched\n");
            e.partitionTypes().forEach((c, p) -> out.append("  ").append(c).append(" -> ").append(p).append('\n'));
        }
        for (Advice.NotAdvised n : advice.notAdvised()) {
            out.append("endpoint ").append(n.endpoint()).append(": ").append(n.code()).append(": ").append(n.message()).append('\n');
        }
        if (!advice.endpoints().isEmpty()) {
            out.append("\n# the spec with the advice filled in (gpushare advise FILE --write saves it):\n");
            out.append(SpecWriter.toYaml(advice.spec()));
        }
        return out.toString();
    }

    public static String toJson(Advice advice) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        // EndpointAdvice and NotAdvised as records: their components are the keys, in order
        root.set("endpoints", Json.tree(advice.endpoints()));
        root.set("notAdvised", Json.tree(advice.notAdvised()));
        root.set("spec", SpecWriter.toTree(advice.spec()));
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }
}
