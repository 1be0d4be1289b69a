package dev.gpushare.engine.interop;

import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Writes a {@link Fragment} in the spec document form of CONTRACT.md §1, with the spec's key
 * order, so that it can be pasted into a spec file (or, with a cluster, used as one).
 */
public final class FragmentWriter {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .build();

    private FragmentWriter() {}

    /** The sections only: {@code taskDefinitions}, {@code endpoints}, {@code inferenceComponents}, each when non-empty. */
    public static ObjectNode toTree(Fragment fragment) {
        ObjectNode root = CloudJson.object();
        addSections(root, fragment);
        return root;
    }

    /** A whole spec document: {@code apiVersion} and {@code cluster} first, then the sections. */
    public static ObjectNode toSpecTree(String cluster, Fragment fragment) {
        ObjectNode root = CloudJson.object();
        root.put("apiVersion", Spec.API_VERSION);
        root.put("cluster", cluster);
        addSections(root, fragment);
        return root;
    }

    public static String toYaml(JsonNode tree) {
        return YAML.writeValueAsString(tree);
    }

    private static void addSections(ObjectNode root, Fragment fragment) {
        if (!fragment.taskDefinitions().isEmpty()) {
            ArrayNode tds = root.putArray("taskDefinitions");
            for (TaskDefinition td : fragment.taskDefinitions()) tds.add(taskDefinition(td));
        }
        if (!fragment.endpoints().isEmpty()) {
            ArrayNode eps = root.putArray("endpoints");
            for (Endpoint e : fragment.endpoints()) eps.add(endpoint(e));
        }
        if (!fragment.inferenceComponents().isEmpty()) {
            ArrayNode ics = root.putArray("inferenceComponents");
            for (InferenceComponent ic : fragment.inferenceComponents()) ics.add(component(ic));
        }
    }

    private static ObjectNode taskDefinition(TaskDefinition td) {
        ObjectNode n = CloudJson.object();
        n.put("family", td.family());
        if (td.cpu() != null) n.put("cpu", td.cpu());
        if (td.memoryMiB() != null) n.put("memory", td.memoryMiB());
        ArrayNode containers = n.putArray("containers");
        for (Container c : td.containers()) {
            ObjectNode cn = containers.addObject();
            cn.put("name", c.name());
            cn.put("image", c.image());
            if (c.gpu() != null) gpu(cn, c.gpu());
        }
        return n;
    }

    private static void gpu(ObjectNode container, GpuRequirement gpu) {
        switch (gpu) {
            case GpuRequirement.Whole w -> container.put("gpu", w.count());
            case GpuRequirement.All a -> container.put("gpu", "ALL");
            case GpuRequirement.Fraction f -> container.put("gpu", f.value());
            case GpuRequirement.NvidiaMps m -> {
                ObjectNode mps = container.putObject("gpu").putObject("nvidiaMps");
                mps.put("memory", m.memoryMiB());
                if (m.maxComputePercent() != null) mps.put("maxComputePercent", m.maxComputePercent());
            }
            case GpuRequirement.Partition p -> container.putObject("gpu").put("partition", p.profile());
        }
    }

    private static ObjectNode endpoint(Endpoint e) {
        ObjectNode n = CloudJson.object();
        n.put("name", e.name());
        n.put("instanceType", e.instanceType());
        n.put("instanceCount", e.instanceCount());
        if (e.partitionLayout() != null) {
            ArrayNode layout = n.putArray("partitionLayout");
            e.partitionLayout().forEach(layout::add);
        }
        return n;
    }

    private static ObjectNode component(InferenceComponent ic) {
        ObjectNode n = CloudJson.object();
        n.put("name", ic.name());
        n.put("endpoint", ic.endpoint());
        n.put("model", ic.model());
        if (ic.partitionType() != null) n.put("partitionType", ic.partitionType());
        n.put("copyCount", ic.copyCount());
        if (ic.hostMemoryMiB() != null) n.put("hostMemoryMiB", ic.hostMemoryMiB());
        if (ic.gpuMemoryMiB() != null) n.put("gpuMemoryMiB", ic.gpuMemoryMiB());
        return n;
    }
}
