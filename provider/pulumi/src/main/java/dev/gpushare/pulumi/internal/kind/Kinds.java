package dev.gpushare.pulumi.internal.kind;

import java.util.List;
import java.util.Optional;

/** The provider's resource kinds, in the spec document's section order. */
public final class Kinds {
    public static final CapacityProviderKind CAPACITY_PROVIDER = new CapacityProviderKind();
    public static final TaskDefinitionKind TASK_DEFINITION = new TaskDefinitionKind();
    public static final ServiceKind SERVICE = new ServiceKind();
    public static final EndpointKind ENDPOINT = new EndpointKind();
    public static final InferenceComponentKind INFERENCE_COMPONENT = new InferenceComponentKind();
    private static final List<ResourceKind> ALL = List.of(CAPACITY_PROVIDER, TASK_DEFINITION, SERVICE, ENDPOINT, INFERENCE_COMPONENT);
    private static final java.util.Map<String, ResourceKind> BY_SECTION = ALL.stream()
            .collect(java.util.stream.Collectors.toUnmodifiableMap(ResourceKind::section, k -> k));

    private Kinds() {}

    public static List<ResourceKind> all() {
        return ALL;
    }

    public static Optional<ResourceKind> ofToken(String token) {
        return ALL.stream().filter(k -> k.token().equals(token)).findFirst();
    }

    public static Optional<ResourceKind> ofSection(String section) {
        return Optional.ofNullable(BY_SECTION.get(section));
    }

    /** The kind of a URN ({@code urn:pulumi:stack::project::gpushare:index:Service::name}). */
    public static Optional<ResourceKind> ofUrn(String urn) {
        String[] parts = urn.split("::");
        if (parts.length < 4) return Optional.empty();
        String type = parts[parts.length - 2];
        int dollar = type.lastIndexOf('$');
        return ofToken(dollar < 0 ? type : type.substring(dollar + 1));
    }
}
