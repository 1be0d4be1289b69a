package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.array;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.prop;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.type;

import dev.gpushare.engine.interop.ecs.EcsTaskDefinitionExporter;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.pulumi.internal.Wire;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:TaskDefinition} ({@code taskDefinitions}): any change is a new revision,
 * as in ECS, so every change replaces it. Outputs: its {@code revision} and what
 * {@code aws.ecs.TaskDefinition} takes as it is (from the code of {@code gpushare export ecs}):
 * the container definitions as JSON text, task-level cpu and memory as strings, and the
 * compatibilities.
 */
public record TaskDefinitionKind() implements ResourceKind {
    public static final String REVISION = "revision";
    public static final String ECS_CONTAINER_DEFINITIONS = "ecsContainerDefinitions";
    public static final String ECS_CPU = "ecsCpu";
    public static final String ECS_MEMORY = "ecsMemory";
    public static final String ECS_REQUIRES_COMPATIBILITIES = "ecsRequiresCompatibilities";
    /** Hex digits of the revision's digest: 48 bits, so that two revisions of one family do not collide by chance. */
    private static final int REVISION_DIGITS = 12;

    private static final KindDeclaration DECLARATION = KindDeclaration.of("TaskDefinition").namedBy("family").outputs(List.of(
            new OutputProperty(REVISION, prop("string", "family:revision, the revision a digest of the task definition's"
                    + " inputs: it changes with every change (a replacement). Give it to a service's taskDefinition so that"
                    + " the service updates when the task definition does."), true, Set.of("*")),
            new OutputProperty(ECS_CONTAINER_DEFINITIONS, prop("string", "RegisterTaskDefinition's containerDefinitions as JSON"
                    + " text (GPU resourceRequirements, MPS as sharingStrategy.nvidiaMps), for aws.ecs.TaskDefinition's"
                    + " containerDefinitions. Absent when a container asks for a MIG partition (ECS has no form for it)."),
                    false, Set.of("containers")),
            new OutputProperty(ECS_CPU, prop("string", "Task CPU units as ECS takes them (a string), when cpu is given."),
                    false, Set.of("cpu")),
            new OutputProperty(ECS_MEMORY, prop("string", "Task memory in MiB as ECS takes it (a string), when memory is given."),
                    false, Set.of("memory")),
            new OutputProperty(ECS_REQUIRES_COMPATIBILITIES, array(type("string"),
                    "requiresCompatibilities: EC2, which runs every GPU form ECS maps."), false, Set.of())));

    @Override
    public KindDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public boolean replacesOn(String property) {
        return true;
    }

    @Override
    public ObjectNode outputValues(String family, ObjectNode inputs, ClusterView view) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put(REVISION, revisionOf(fragment(inputs)));
        TaskDefinition td = SpecEntries.named(view.spec(), Spec::taskDefinitions, TaskDefinition::family, family);
        if (td == null || !EcsTaskDefinitionExporter.mapsToEcs(td)) return out;
        ObjectNode ecs = EcsTaskDefinitionExporter.taskDefinition(td);
        out.put(ECS_CONTAINER_DEFINITIONS, Wire.JSON.writeValueAsString(ecs.get("containerDefinitions")));
        if (ecs.has("cpu")) out.set(ECS_CPU, ecs.get("cpu"));
        if (ecs.has("memory")) out.set(ECS_MEMORY, ecs.get("memory"));
        out.set(ECS_REQUIRES_COMPATIBILITIES, ecs.get("requiresCompatibilities"));
        return out;
    }

    /** {@code embedder} for {@code embedder} or {@code embedder:3f2a…}. */
    public static String familyOf(String reference) {
        int colon = reference.indexOf(':');
        return colon < 0 ? reference : reference.substring(0, colon);
    }

    /**
     * {@code family:<12 hex digits>}: the first digits of the SHA-256 of the fragment written
     * canonically (keys sorted, numbers in their shortest exact form), so equal task definitions
     * have equal revisions whatever store or wire they came through.
     */
    public static String revisionOf(ObjectNode fragment) {
        StringBuilder canonical = new StringBuilder();
        canonical(fragment, canonical);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return fragment.path("family").asString("") + ":" + HexFormat.of().formatHex(digest).substring(0, REVISION_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static void canonical(JsonNode n, StringBuilder out) {
        if (n.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            n.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
                if (!first) out.append(',');
                first = false;
                out.append(Wire.JSON.writeValueAsString(e.getKey())).append(':');
                canonical(e.getValue(), out);
            }
            out.append('}');
        } else if (n.isArray()) {
            out.append('[');
            for (int i = 0; i < n.size(); i++) {
                if (i > 0) out.append(',');
                canonical(n.get(i), out);
            }
            out.append(']');
        } else if (n.isNumber()) {
            out.append(n.decimalValue().stripTrailingZeros().toPlainString());
        } else {
            out.append(Wire.JSON.writeValueAsString(n));
        }
    }
}
