package dev.gpushare.engine.backend;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How many more instances a backend can start, per instance type, where that is bounded by
 * something outside gpushare (the free nodes of a Kubernetes cluster). The local and remote
 * backends start instances on demand and have none ({@link Snapshot#supply()} is {@code null}).
 *
 * @param free    per instance type, how many more instances can be started now; a type that is
 *                absent has none
 * @param addHint how a user adds capacity of a type, a format with {@code %1$d} for the count and
 *                {@code %2$s} for the instance type, e.g. {@code "add %1$d nodes labelled
 *                node.kubernetes.io/instance-type=%2$s"}
 */
public record InstanceSupply(Map<String, Integer> free, String addHint) {
    public InstanceSupply {
        free = java.util.Collections.unmodifiableMap(new TreeMap<>(free));
        Objects.requireNonNull(addHint, "addHint");
    }

    /** Instances of {@code instanceType} that can still be started. */
    public int freeOf(String instanceType) {
        return free.getOrDefault(instanceType, 0);
    }
}
