package dev.gpushare.engine.validate;

import dev.gpushare.engine.mig.MigCode;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.ProblemCode;

/**
 * Every code the semantic rules emit, with a one-line cause and fix. The troubleshooting docs are
 * generated from this list (a problem's code is a {@link ProblemCode}, so a rule cannot emit an
 * undocumented one).
 *
 * <p>The rules also emit codes of other lists: {@code DUPLICATE_NAME} ({@link ReadCode}, for
 * specs built in code, where no reader ran) and the MIG layout codes ({@link MigCode}, passed
 * through from {@code MigLayouts}).
 */
public enum ValidationCode implements ProblemCode {
    // References
    UNKNOWN_TASK_DEFINITION(true),
    UNKNOWN_CAPACITY_PROVIDER(true),
    UNKNOWN_ENDPOINT(true),
    UNKNOWN_INSTANCE_TYPE(true),
    DUPLICATE_CONTAINER_NAME(false),
    INSTANCE_TYPE_REDECLARED(false),
    UNKNOWN_GPU_MODEL(false),
    MIN_EXCEEDS_MAX(false),

    // Sharing strategy vs instance type
    SHARING_ON_FRACTIONAL(false),
    MPS_NOT_SUPPORTED(false),
    MIG_NOT_SUPPORTED(false),
    TIME_SLICING_TOO_FEW_REPLICAS(false),

    // MPS containers
    MPS_REQUIRES_MPS_SHARING(false),
    MPS_MEMORY_EXCEEDS_GPU(false),
    MIXED_GPU_FORMS(false),

    // Whole GPUs
    GPU_COUNT_EXCEEDS_INSTANCE(false),
    WHOLE_GPU_ON_SHARED_STRATEGY(false),
    ALL_NOT_ALLOWED(false),

    // Fractional GPUs
    FRACTION_MISMATCH(false),
    FRACTION_REQUIRES_FRACTIONAL_INSTANCE(false),
    FRACTIONAL_INSTANCE_REQUIRES_FRACTION(false),
    FRACTION_NOT_ALONE(false),

    // MIG
    SUFFIX_NOT_ALLOWED_ON_ENDPOINT(false),
    PARTITION_REQUIRES_MIG_SHARING(false),
    PARTITION_NOT_IN_LAYOUT(false),
    PARTITION_TYPE_WITHOUT_LAYOUT(false),
    PARTITION_TYPE_REQUIRED(false),
    GPU_MEMORY_WITH_LAYOUT(false),

    // Host resources
    TASK_CPU_EXCEEDS_INSTANCE(false),
    TASK_MEMORY_EXCEEDS_INSTANCE(false),
    HOST_MEMORY_EXCEEDS_INSTANCE(false),

    // Pricing
    PRICE_FOR_UNKNOWN_INSTANCE_TYPE(true),
    PRICE_GIVEN_TWICE(false),

    // Deployments (docs/deployments.md)
    DEPLOYMENT_BLOCKED(false),
    CIRCUIT_BREAKER_DISABLED(false),
    BATCH_SIZE_OUT_OF_RANGE(false),

    // What a container runs (docs/deployments.md)
    HEALTH_CHECK_COMMAND(false),
    ENVIRONMENT_DUPLICATE_NAME(false),
    ENVIRONMENT_RESERVED_NAME(false),

    // Size
    SPEC_TOO_LARGE(false);

    private final boolean reference;

    ValidationCode(boolean reference) {
        this.reference = reference;
    }

    /**
     * True for "that name does not exist" codes. They are not reported when a file of a split spec
     * had to be left out, because the name may well be defined in that file.
     */
    public boolean reference() {
        return reference;
    }
}
