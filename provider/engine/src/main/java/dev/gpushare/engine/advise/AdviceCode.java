package dev.gpushare.engine.advise;

import dev.gpushare.model.problem.ProblemCode;

/**
 * Why the layout advisor leaves an endpoint without advice ({@link Advice.NotAdvised#code()}),
 * each with its cause and fix (docs/troubleshooting.md is generated from this list).
 */
public enum AdviceCode implements ProblemCode {
    MIG_NOT_SUPPORTED,
    GPU_MEMORY_EXCEEDS_PARTITION;
}
