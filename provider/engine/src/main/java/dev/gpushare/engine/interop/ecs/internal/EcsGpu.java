package dev.gpushare.engine.interop.ecs.internal;

import dev.gpushare.model.GpuRequirement;

/**
 * The GPU requirement of one ECS container, as read.
 *
 * @param requirement the gpushare form
 * @param path        JSON Pointer of the {@code resourceRequirements} entry in the ECS file
 */
public record EcsGpu(GpuRequirement requirement, String path) {

    /** Given as {@code sharingStrategy} (MPS), as opposed to a {@code value}. */
    public boolean shared() {
        return requirement instanceof GpuRequirement.NvidiaMps;
    }

    public boolean fractional() {
        return requirement instanceof GpuRequirement.Fraction;
    }
}
