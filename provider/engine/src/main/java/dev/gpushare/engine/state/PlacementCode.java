package dev.gpushare.engine.state;

import dev.gpushare.model.problem.ProblemCode;

/**
 * Why a copy could not be placed: the stable {@code code} of an {@link Unplaced},
 * with its cause and the usual fix (docs/placement.md is written from this list).
 */
public enum PlacementCode implements ProblemCode {
    INSUFFICIENT_GPU_MEMORY,
    INSUFFICIENT_GPUS,
    INSUFFICIENT_HOST_CPU,
    INSUFFICIENT_HOST_MEMORY,
    MAX_INSTANCES_REACHED,
    NO_HEALTHY_INSTANCE,
    MAX_CLIENTS_REACHED,
    NO_FREE_PARTITION,
    NO_FREE_GPU,
    NO_FREE_SLOT,
    INCOMPATIBLE_REQUIREMENT,
    NO_GPU_CONTAINER,
    UNKNOWN_REFERENCE,
    NO_FREE_NODE,
    INVALID_MIG_LAYOUT,
    ROLLOUT_NO_ROOM,
    ROLLOUT_FAILED;
}
