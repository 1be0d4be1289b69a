package dev.gpushare.kubernetes.crd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

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
 */
public record CrdKind(String kind, String plural, String shortName, String section, String definition,
        String nameField, String countField) {
    public static final String GROUP = "gpushare.dev";
    public static final String VERSION = "v1";
    public static final String API_VERSION = GROUP + "/" + VERSION;

    /** A printer column of {@code kubectl get}. */
    public record Column(String name, String type, String jsonPath) {}

    /** Each kind's printer columns: data, in {@code printer-columns.json} beside this class. */
    private static final Map<String, List<Column>> COLUMNS = columns("printer-columns.json");

    public static final CrdKind CAPACITY_PROVIDER = new CrdKind("GpuCapacityProvider", "gpucapacityproviders", "gpucp",
            "capacityProviders", "capacityProvider", "name", null);
    public static final CrdKind TASK_DEFINITION = new CrdKind("GpuTaskDefinition", "gputaskdefinitions", "gputd",
            "taskDefinitions", "taskDefinition", "family", null);
    public static final CrdKind SERVICE = new CrdKind("GpuService", "gpuservices", "gpusvc",
            "services", "service", "name", "desiredCount");
    public static final CrdKind ENDPOINT = new CrdKind("GpuEndpoint", "gpuendpoints", "gpuep",
            "endpoints", "endpoint", "name", null);
    public static final CrdKind INFERENCE_COMPONENT = new CrdKind("GpuInferenceComponent", "gpuinferencecomponents", "gpuic",
            "inferenceComponents", "inferenceComponent", "name", "copyCount");

    /** In the order a spec lists its sections (and the order to apply them in). */
    public static final List<CrdKind> ALL = List.of(CAPACITY_PROVIDER, TASK_DEFINITION, SERVICE, ENDPOINT, INFERENCE_COMPONENT);

    public String singular() {
        return kind.toLowerCase(java.util.Locale.ROOT);
    }

    /** The printer columns of {@code kubectl get}: header, type and JSON path. */
    public List<Column> columns() {
        return COLUMNS.get(kind);
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

    private static Map<String, List<Column>> columns(String resource) {
        try (InputStream in = CrdKind.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " is missing from the build");
            return JsonMapper.builder().build().readValue(in, new TypeReference<Map<String, List<Column>>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
