package dev.gpushare.pulumi.internal;

import java.util.Optional;

/**
 * A resource's Pulumi id, {@code <cluster>/<section>/<name>} (e.g. {@code inference-prod/services/embedder}):
 * enough to find its fragment again on refresh and import.
 */
public record ResourceId(String cluster, Kind kind, String name) {

    /** The key of its fragment in the backend's declared resources, {@code <section>/<name>}. */
    public String key() {
        return kind.section() + "/" + name;
    }

    @Override
    public String toString() {
        return cluster + "/" + key();
    }

    public static Optional<ResourceId> parse(String id) {
        String[] parts = id.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty() || parts[2].isEmpty()) return Optional.empty();
        return Kind.ofSection(parts[1]).map(k -> new ResourceId(parts[0], k, parts[2]));
    }
}
