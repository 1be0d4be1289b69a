package dev.gpushare.engine.advise;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import dev.gpushare.model.io.SpecWriter;

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
        ArrayNode eps = root.putArray("endpoints");
        for (EndpointAdvice e : advice.endpoints()) {
            ObjectNode n = eps.addObject();
            n.put("endpoint", e.endpoint());
            n.put("instanceType", e.instanceType());
            n.put("gpuModel", e.gpuModel());
            ArrayNode layout = n.putArray("partitionLayout");
            e.partitionLayout().forEach(layout::add);
            n.put("instanceCount", e.instanceCount());
            n.put("gpus", e.gpus());
            n.put("wastedMiB", e.wastedMiB());
            ObjectNode types = n.putObject("partitionTypes");
            e.partitionTypes().forEach(types::put);
            n.put("layoutsSearched", e.layoutsSearched());
        }
        ArrayNode not = root.putArray("notAdvised");
        for (Advice.NotAdvised a : advice.notAdvised()) {
            ObjectNode n = not.addObject();
            n.put("endpoint", a.endpoint());
            n.put("code", a.code().name());
            n.put("message", a.message());
        }
        root.set("spec", SpecWriter.toTree(advice.spec()));
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }
}
