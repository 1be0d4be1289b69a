package dev.gpushare.pulumi.internal;

import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * A resource's Pulumi id, {@code <cluster>/<section>/<name>} (e.g. {@code inference-prod/services/embedder}):
 * enough to find its fragment again on refresh and import.
 */
public record ResourceId(String cluster, ResourceKind kind, String name) {

    /** The id of the resource these inputs declare. */
    public static ResourceId of(ResourceKind kind, ObjectNode inputs) {
        return new ResourceId(inputs.path(ResourceKind.CLUSTER).asString(""), kind, inputs.path(kind.nameProperty()).asString(""));
    }

    /** The key of its fragment in the backend's declared resources, {@code <section>/<name>}. */
    public String key() {
        return kind.key(name);
    }

    @Override
    public String toString() {
        return cluster + "/" + key();
    }

    public static Optional<ResourceId> parse(String id) {
        String[] parts = id.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty() || parts[2].isEmpty()) return Optional.empty();
        return Kinds.ofSection(parts[1]).map(k -> new ResourceId(parts[0], k, parts[2]));
    }
}
