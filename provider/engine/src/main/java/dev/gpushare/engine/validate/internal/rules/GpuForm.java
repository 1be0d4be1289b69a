package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.model.GpuRequirement;

/** The forms a task's GPU containers must not mix (whole and ALL are one form, as in ECS). */
enum GpuForm {
    WHOLE("whole GPUs"), MPS("nvidiaMps"), PARTITION("a MIG partition"), FRACTION("a fractional GPU");

    final String label;

    GpuForm(String label) {
        this.label = label;
    }

    static GpuForm of(GpuRequirement gpu) {
        return switch (gpu) {
            case GpuRequirement.Whole w -> WHOLE;
            case GpuRequirement.All a -> WHOLE;
            case GpuRequirement.NvidiaMps m -> MPS;
            case GpuRequirement.Partition p -> PARTITION;
            case GpuRequirement.Fraction f -> FRACTION;
        };
    }
}
