package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.state.Allocation;

/**
 * One allocation of a copy's pod (annotation {@link Keys#ALLOCATIONS}), with the GPU it is on.
 *
 * @param gpu        the GPU's index on the instance
 * @param allocation the container's share of it, with the environment it was started with
 */
public record PodAllocation(int gpu, Allocation allocation) {}
