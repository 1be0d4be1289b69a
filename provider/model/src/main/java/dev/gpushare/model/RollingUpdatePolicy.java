package dev.gpushare.model;

/**
 * SageMaker's {@code RollingUpdatePolicy} of an inference component ({@code DeploymentConfig} of
 * {@code UpdateInferenceComponent}): a new model or specification replaces the copies in batches;
 * each batch provisions the new copies, then removes the old ones.
 *
 * @param maximumBatchSize                 copies replaced per batch (COPY_COUNT ≥ 1, or CAPACITY_PERCENT 5–50)
 * @param waitIntervalInSeconds            bake time after each batch, 0–3600 ({@code null}: 0)
 * @param maximumExecutionTimeoutInSeconds the whole update's limit, 600–28800 ({@code null}: none given)
 * @param rollbackMaximumBatchSize         copies returned per batch on a rollback ({@code null}: all at once, 100 %)
 */
public record RollingUpdatePolicy(BatchSize maximumBatchSize, Integer waitIntervalInSeconds,
                                  Integer maximumExecutionTimeoutInSeconds, BatchSize rollbackMaximumBatchSize) {
    /** One copy at a time, no bake time: what gpushare does when a component gives no policy. */
    public static final RollingUpdatePolicy DEFAULT = new RollingUpdatePolicy(new BatchSize(BatchSize.Type.COPY_COUNT, 1), null, null, null);

    public RollingUpdatePolicy {
        java.util.Objects.requireNonNull(maximumBatchSize, "maximumBatchSize");
    }
}
