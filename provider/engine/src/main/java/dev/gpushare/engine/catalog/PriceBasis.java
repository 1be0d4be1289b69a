package dev.gpushare.engine.catalog;

/** How trustworthy an instance price is: where the figure came from (docs/cost.md). */
public enum PriceBasis {
    /** Read from a source that quotes AWS's price list. */
    PUBLISHED,
    /** Computed from a published price by a stated factor (e.g. a SageMaker type from its EC2 twin). */
    DERIVED,
    /** Not a price AWS publishes for this type: set from a similar type, or derived from such a figure. */
    ESTIMATE,
    /** Given in the spec ({@code pricing.prices} or an {@code instanceTypes} entry's {@code perHour}). */
    SPEC
}
