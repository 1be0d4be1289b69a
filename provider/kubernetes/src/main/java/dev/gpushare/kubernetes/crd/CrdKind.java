package dev.gpushare.kubernetes.crd;

import java.util.List;
import java.util.Optional;

/**
 * The custom resources of {@code gpushare.dev/v1}: one kind per resource of the Pulumi provider,
 * each holding one element of a spec section (its {@code $defs} entry of gpushare.schema.json).
 * Kinds start with {@code Gpu} so that {@code kubectl get service} and {@code kubectl get endpoints}
 * keep meaning the core kinds.
 *
 * @param kind       the kind, e.g. {@code GpuService}
 * @param plural     the resource name, e.g. {@code gpuservices}
 * @param shortName  e.g. {@code gpusvc}
 * @param section    the spec section it belongs to, e.g. {@code services}
 * @param definition the {@code $defs} entry of gpushare.schema.json its {@code spec} follows
 * @param nameField  the field of the entry that names it ({@code name}, {@code family})
 * @param countField the field behind the scale subresource, or {@code null}
 * @param columns    the printer columns: header and JSON path
 */
public record CrdKind(String kind, String plural, String shortName, String section, String definition,
        String nameField, String countField, List<Column> columns) {
    public static final String GROUP = "gpushare.dev";
    public static final String VERSION = "v1";
    public static final String API_VERSION = GROUP + "/" + VERSION;

    /** A printer column of {@code kubectl get}. */
    public record Column(String name, String type, String jsonPath) {}

    private static final Column READY = new Column("Ready", "string", ".status.conditions[?(@.type==\"Ready\")].status");
    private static final Column REASON = new Column("Reason", "string", ".status.conditions[?(@.type==\"Ready\")].reason");
    private static final Column AGE = new Column("Age", "date", ".metadata.creationTimestamp");

    public static final CrdKind CAPACITY_PROVIDER = new CrdKind("GpuCapacityProvider", "gpucapacityproviders", "gpucp",
            "capacityProviders", "capacityProvider", "name", null, List.of(
                    new Column("Instance-Type", "string", ".spec.instanceType"),
                    new Column("Sharing", "string", ".spec.gpuSharing.strategy"),
                    new Column("Instances", "integer", ".status.instances"), READY, REASON, AGE));
    public static final CrdKind TASK_DEFINITION = new CrdKind("GpuTaskDefinition", "gputaskdefinitions", "gputd",
            "taskDefinitions", "taskDefinition", "family", null, List.of(
                    new Column("CPU", "integer", ".spec.cpu"),
                    new Column("Memory", "integer", ".spec.memory"), READY, AGE));
    public static final CrdKind SERVICE = new CrdKind("GpuService", "gpuservices", "gpusvc",
            "services", "service", "name", "desiredCount", List.of(
                    new Column("Capacity-Provider", "string", ".spec.capacityProvider"),
                    new Column("Desired", "integer", ".spec.desiredCount"),
                    new Column("Placed", "integer", ".status.replicas"), READY, REASON, AGE));
    public static final CrdKind ENDPOINT = new CrdKind("GpuEndpoint", "gpuendpoints", "gpuep",
            "endpoints", "endpoint", "name", null, List.of(
                    new Column("Instance-Type", "string", ".spec.instanceType"),
                    new Column("Instances", "integer", ".spec.instanceCount"), READY, REASON, AGE));
    public static final CrdKind INFERENCE_COMPONENT = new CrdKind("GpuInferenceComponent", "gpuinferencecomponents", "gpuic",
            "inferenceComponents", "inferenceComponent", "name", "copyCount", List.of(
                    new Column("Endpoint", "string", ".spec.endpoint"),
                    new Column("Model", "string", ".spec.model"),
                    new Column("Copies", "integer", ".spec.copyCount"),
                    new Column("Placed", "integer", ".status.replicas"), READY, REASON, AGE));

    /** In the order a spec lists its sections (and the order to apply them in). */
    public static final List<CrdKind> ALL = List.of(CAPACITY_PROVIDER, TASK_DEFINITION, SERVICE, ENDPOINT, INFERENCE_COMPONENT);

    public String singular() {
        return kind.toLowerCase(java.util.Locale.ROOT);
    }

    public String crdName() {
        return plural + "." + GROUP;
    }

    public static Optional<CrdKind> ofKind(String kind) {
        return ALL.stream().filter(k -> k.kind.equals(kind)).findFirst();
    }

    public static Optional<CrdKind> ofSection(String section) {
        return ALL.stream().filter(k -> k.section.equals(section)).findFirst();
    }

    public static Optional<CrdKind> ofPlural(String plural) {
        return ALL.stream().filter(k -> k.plural.equals(plural)).findFirst();
    }
}
