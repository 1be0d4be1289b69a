package dev.gpushare.model.io;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Pricing;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.List;
import java.util.function.Function;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Writes a spec as the document of CONTRACT.md §1, keys in the contract's order. Defaults are
 * written explicitly ({@code minInstances}, {@code placementStrategy}); optional values that are
 * {@code null}, a {@code maxInstances} of {@link SpecReader#NO_INSTANCE_LIMIT} and empty sections
 * are left out — so {@code bind(parse(write(spec)))} equals
 * {@code spec}.
 */
public final class SpecWriter {
    /** The schema's public address; YAML output names it for editors. */
    public static final String SCHEMA_URL = "https://gpushare.dev/schema/v1/gpushare.schema.json";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    // a number-like string stays a string when read back; list items indented under their key
    private static final ObjectMapper YAML = DocumentMappers.YAML.rebuild()
            .enable(YAMLWriteFeature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLWriteFeature.INDENT_ARRAYS_WITH_INDICATOR)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private SpecWriter() {}

    /** The YAML document, starting with the {@code yaml-language-server} schema line. */
    public static String toYaml(Spec spec) {
        return "# yaml-language-server: $schema=" + SCHEMA_URL + "\n" + YAML.writeValueAsString(toTree(spec));
    }

    /** The JSON document, pretty-printed, ending with a newline. */
    public static String toJson(Spec spec) {
        return DocumentMappers.JSON.writeValueAsString(toTree(spec)) + "\n";
    }

    /** The document as a tree. */
    public static ObjectNode toTree(Spec spec) {
        ObjectNode root = NODES.objectNode();
        root.put("apiVersion", spec.apiVersion());
        root.put("cluster", spec.cluster());
        section(root, "capacityProviders", spec.capacityProviders(), SpecWriter::capacityProvider);
        section(root, "taskDefinitions", spec.taskDefinitions(), SpecWriter::taskDefinition);
        // Service, Endpoint, InferenceComponent and InstanceTypeDef are written as their records
        // map (components in order, optional nulls left out): their fields are the document's.
        section(root, "services", spec.services(), Json::treeWithoutNulls);
        section(root, "endpoints", spec.endpoints(), Json::treeWithoutNulls);
        section(root, "inferenceComponents", spec.inferenceComponents(), Json::treeWithoutNulls);
        section(root, "instanceTypes", spec.instanceTypes(), Json::treeWithoutNulls);
        if (!spec.pricing().isNone()) root.set("pricing", pricing(spec.pricing()));
        return root;
    }

    private static ObjectNode pricing(Pricing p) {
        ObjectNode o = NODES.objectNode();
        if (p.region() != null) o.put("region", p.region());
        if (p.discountPercent() != null) o.put("discountPercent", p.discountPercent());
        if (!p.prices().isEmpty()) o.set("prices", Json.tree(p.prices()));
        return o;
    }

    private static <T> void section(ObjectNode root, String name, List<T> items, Function<T, JsonNode> write) {
        if (items.isEmpty()) return;
        ArrayNode a = root.putArray(name);
        items.forEach(i -> a.add(write.apply(i)));
    }

    private static ObjectNode capacityProvider(CapacityProvider c) {
        ObjectNode o = NODES.objectNode();
        o.put("name", c.name());
        o.put("instanceType", c.instanceType());
        o.put("minInstances", c.minInstances());
        // "No limit" is written the way it is read: by leaving maxInstances out.
        if (c.maxInstances() != SpecReader.NO_INSTANCE_LIMIT) o.put("maxInstances", c.maxInstances());
        if (c.gpuSharing() != null) o.set("gpuSharing", gpuSharing(c.gpuSharing()));
        return o;
    }

    private static ObjectNode gpuSharing(GpuSharing s) {
        ObjectNode o = NODES.objectNode();
        o.put("strategy", s.strategy());
        switch (s) {
            case GpuSharing.Mps m -> {
                if (m.maxClientsPerGpu() != null) o.put("maxClientsPerGpu", m.maxClientsPerGpu());
            }
            case GpuSharing.Exclusive e -> { }
            case GpuSharing.Mig m -> o.set("partitionLayout", strings(m.partitionLayout()));
            case GpuSharing.TimeSlicing t -> o.put("replicas", t.replicas());
        }
        return o;
    }

    private static ObjectNode taskDefinition(TaskDefinition t) {
        ObjectNode o = NODES.objectNode();
        o.put("family", t.family());
        if (t.cpu() != null) o.put("cpu", t.cpu());
        if (t.memoryMiB() != null) o.put("memory", t.memoryMiB());
        ArrayNode containers = o.putArray("containers");
        t.containers().forEach(c -> containers.add(container(c)));
        return o;
    }

    private static ObjectNode container(Container c) {
        ObjectNode o = NODES.objectNode();
        o.put("name", c.name());
        o.put("image", c.image());
        if (c.gpu() != null) o.set("gpu", gpu(c.gpu()));
        if (c.entryPoint() != null) o.set("entryPoint", strings(c.entryPoint()));
        if (c.command() != null) o.set("command", strings(c.command()));
        if (c.environment() != null) {
            ArrayNode env = o.putArray("environment");
            c.environment().forEach(v -> env.addObject().put("name", v.name()).put("value", v.value()));
        }
        if (c.healthCheck() != null) {
            HealthCheck h = c.healthCheck();
            ObjectNode hc = o.putObject("healthCheck");
            hc.set("command", strings(h.command()));
            if (h.interval() != null) hc.put("interval", h.interval());
            if (h.timeout() != null) hc.put("timeout", h.timeout());
            if (h.retries() != null) hc.put("retries", h.retries());
            if (h.startPeriod() != null) hc.put("startPeriod", h.startPeriod());
        }
        return o;
    }

    private static JsonNode gpu(GpuRequirement g) {
        return switch (g) {
            case GpuRequirement.Whole w -> NODES.numberNode(w.count());
            case GpuRequirement.All a -> NODES.stringNode("ALL");
            case GpuRequirement.Fraction f -> NODES.numberNode(f.value());
            case GpuRequirement.NvidiaMps m -> {
                ObjectNode inner = NODES.objectNode();
                inner.put("memory", m.memoryMiB());
                if (m.maxComputePercent() != null) inner.put("maxComputePercent", m.maxComputePercent());
                ObjectNode o = NODES.objectNode();
                o.set("nvidiaMps", inner);
                yield o;
            }
            case GpuRequirement.Partition p -> {
                ObjectNode o = NODES.objectNode();
                o.put("partition", p.profile());
                yield o;
            }
        };
    }


    private static ArrayNode strings(List<String> items) {
        ArrayNode a = NODES.arrayNode();
        items.forEach(a::add);
        return a;
    }
}
