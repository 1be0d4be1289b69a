package dev.gpushare.pulumi.internal;

import java.util.Optional;
import java.util.Set;

/**
 * The five resource kinds: their Pulumi type token, the spec section their fragment lives in, the
 * property that names them, and which input changes force a replacement.
 */
public enum Kind {
    CAPACITY_PROVIDER("CapacityProvider", "capacityProviders", "capacityProvider", "name", Set.of()),
    /** Any change is a new revision, as in ECS. */
    TASK_DEFINITION("TaskDefinition", "taskDefinitions", "taskDefinition", "family", null),
    SERVICE("Service", "services", "service", "name", Set.of()),
    /** A layout change, a pure reorder included, relaunches the instances. */
    ENDPOINT("Endpoint", "endpoints", "endpoint", "name", Set.of("partitionLayout")),
    INFERENCE_COMPONENT("InferenceComponent", "inferenceComponents", "inferenceComponent", "name",
            Set.of("partitionType"));

    public static final String PACKAGE = "gpushare";
    /** The input every resource has: the cluster its fragment belongs to. */
    public static final String CLUSTER = "cluster";

    private final String typeName;
    private final String section;
    private final String schemaDef;
    private final String nameProperty;
    private final Set<String> replacing; // null = every property

    Kind(String typeName, String section, String schemaDef, String nameProperty, Set<String> replacing) {
        this.typeName = typeName;
        this.section = section;
        this.schemaDef = schemaDef;
        this.nameProperty = nameProperty;
        this.replacing = replacing;
    }

    /** {@code gpushare:index:Service}. */
    public String token() {
        return PACKAGE + ":index:" + typeName;
    }

    public String typeName() {
        return typeName;
    }

    /** The spec document's array this kind's fragments go to, e.g. {@code services}. */
    public String section() {
        return section;
    }

    /** The {@code $defs} entry of gpushare.schema.json describing one fragment. */
    public String schemaDef() {
        return schemaDef;
    }

    public String nameProperty() {
        return nameProperty;
    }

    /** Whether changing {@code property} replaces the resource (identity properties always do). */
    public boolean replacesOn(String property) {
        if (property.equals(CLUSTER) || property.equals(nameProperty)) return true;
        return replacing == null || replacing.contains(property);
    }

    public static Optional<Kind> ofToken(String token) {
        for (Kind k : values()) if (k.token().equals(token)) return Optional.of(k);
        return Optional.empty();
    }

    public static Optional<Kind> ofSection(String section) {
        for (Kind k : values()) if (k.section.equals(section)) return Optional.of(k);
        return Optional.empty();
    }

    /** The kind of a URN ({@code urn:pulumi:stack::project::gpushare:index:Service::name}). */
    public static Optional<Kind> ofUrn(String urn) {
        String[] parts = urn.split("::");
        if (parts.length < 4) return Optional.empty();
        String type = parts[parts.length - 2];
        int dollar = type.lastIndexOf('$');
        return ofToken(dollar < 0 ? type : type.substring(dollar + 1));
    }
}
