package dev.gpushare.model;

import java.util.Objects;

/**
 * A SageMaker batch size ({@code MaximumBatchSize}, {@code RollbackMaximumBatchSize}): a number of
 * copies or a percentage of the component's copy count.
 *
 * @param type  COPY_COUNT or CAPACITY_PERCENT
 * @param value copies (≥ 1) or percent
 */
public record BatchSize(Type type, int value) {
    /** SageMaker's {@code Type}. */
    public enum Type { COPY_COUNT, CAPACITY_PERCENT }

    public BatchSize {
        Objects.requireNonNull(type, "type");
    }

    /** {@code n} copies. */
    public static BatchSize copyCount(int n) {
        return new BatchSize(Type.COPY_COUNT, n);
    }

    /** {@code percent} % of the component's copy count. */
    public static BatchSize capacityPercent(int percent) {
        return new BatchSize(Type.CAPACITY_PERCENT, percent);
    }

    /** Copies in one batch of a component of {@code copyCount} copies: the count, or ⌊percent × n / 100⌋, at least 1. */
    public int copies(int copyCount) {
        int n = type == Type.COPY_COUNT ? value : (int) ((long) value * copyCount / 100);
        return Math.max(1, Math.min(n, Math.max(1, copyCount)));
    }
}
