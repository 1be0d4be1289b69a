package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * A task definition: the containers that run together as one copy of a service.
 *
 * @param family     unique among task definitions
 * @param cpu        CPU units (1024 = one vCPU), or {@code null} when not given
 * @param memoryMiB  host memory in MiB, or {@code null} when not given
 * @param containers at least one
 */
public record TaskDefinition(String family, Integer cpu, Integer memoryMiB, List<Container> containers) {
    public TaskDefinition {
        Objects.requireNonNull(family, "family");
        containers = List.copyOf(containers);
    }
}
