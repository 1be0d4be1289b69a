package dev.gpushare.engine.advise;

import dev.gpushare.model.problem.ProblemCode;

/**
 * Why the layout advisor leaves an endpoint without advice ({@link Advice.NotAdvised#code()}),
 * each with its cause and fix (docs/troubleshooting.md is generated from this list).
 */
public enum AdviceCode implements ProblemCode {
    @Doc(cause = "An endpoint asks for advice (gpuMemoryMiB, no layout) but its instance type's GPU is not MIG-capable.",
            fix = "Use a MIG-capable instance type (A100, H100, H200, B200, RTX PRO 6000), or drop gpuMemoryMiB to use whole GPUs.")
    MIG_NOT_SUPPORTED,
    @Doc(cause = "A component's gpuMemoryMiB is more than the largest MIG instance of the GPU.",
            fix = "Lower gpuMemoryMiB, use a GPU with more memory, or drop gpuMemoryMiB to give each copy a whole GPU.")
    GPU_MEMORY_EXCEEDS_PARTITION;
}
