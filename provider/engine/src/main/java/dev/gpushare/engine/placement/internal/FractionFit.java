package dev.gpushare.engine.placement.internal;

import java.util.List;

/** A fractional GPU: one task per fractional instance whose slice is exactly the asked fraction. */
final class FractionFit implements Fit {
    static final FractionFit INSTANCE = new FractionFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        Refusal r = verify(copy, node, pool, null);
        return r != null ? r : new Choice(List.of(List.of(new Choice.Pick(0, -1))));
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        if (pool.kind() != Pool.Kind.FRACTIONAL || copy.containers().size() != 1
                || ((Need.Fraction) copy.containers().get(0).need()).value().compareTo(pool.fraction()) != 0) {
            return new Refusal.Incompatible("a fractional GPU needs a fractional instance type of exactly that fraction");
        }
        if (choice != null && (choice.perContainer().size() != 1 || !choice.perContainer().get(0).equals(
                List.of(new Choice.Pick(0, -1))))) {
            return new Refusal.Incompatible("a fractional task uses GPU 0");
        }
        return node.copies == 0 ? null : new Refusal.IdleGpus(1, 0);
    }
}
