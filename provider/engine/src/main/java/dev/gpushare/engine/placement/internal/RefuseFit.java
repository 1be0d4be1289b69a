package dev.gpushare.engine.placement.internal;

/** Tasks whose containers mix GPU forms, or have none: nothing can take them. */
final class RefuseFit implements Fit {
    static final RefuseFit INSTANCE = new RefuseFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        return refusal(copy);
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        return refusal(copy);
    }

    private static Refusal refusal(CopyRequest copy) {
        return new Refusal.Incompatible(copy.form() == Form.NONE
                ? "the task has no GPU container" : "the task's GPU containers mix GPU forms");
    }
}
