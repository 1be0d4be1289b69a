package dev.gpushare.engine.placement.internal;

/**
 * Feasibility of one GPU form on one instance, apart from any scoring: {@link #find} answers the
 * first choice in GPU-index order (or the refusal with its numbers); {@link #verify} checks a given
 * choice (used to keep existing copies where they are).
 */
interface Fit {
    FitResult find(CopyRequest copy, Node node, Pool pool);

    /** Null when the choice fits the node as it is now. */
    Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice);

    static Fit of(Form form) {
        return switch (form) {
            case MPS -> MpsFit.INSTANCE;
            case WHOLE -> WholeFit.INSTANCE;
            case FRACTION -> FractionFit.INSTANCE;
            case PARTITION -> PartitionFit.INSTANCE;
            case SLOTS -> SlotFit.INSTANCE;
            case MIXED, NONE -> RefuseFit.INSTANCE;
        };
    }
}
