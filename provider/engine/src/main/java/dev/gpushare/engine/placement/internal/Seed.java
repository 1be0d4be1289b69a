package dev.gpushare.engine.placement.internal;

import java.util.BitSet;
import java.util.List;
import java.util.Set;

import dev.gpushare.engine.state.Instance;

/**
 * What stays from the current state: the instances kept, each with the copies that still fit where
 * they are; which of the pool's copies are kept ({@code kept}: bit i for the i-th copy of the list
 * given to {@link Keeper#keep}; read-only once built); and every instance number the current state
 * used (never reused in one step).
 */
record Seed(List<SeedNode> nodes, BitSet kept, Set<Integer> usedNumbers) {

    /** Nothing kept: placement from an empty fleet. */
    static final Seed EMPTY = new Seed(List.of(), new BitSet(0), Set.of());

    /**
     * A kept instance: {@code copies} stay on it; {@code built} is its bookkeeping with them applied
     * (copied by each run instead of re-applying every copy); {@code origin} is the current instance
     * it comes from, returned as is when nothing on it changes (so an unchanged fleet is not rebuilt);
     * {@code exact}: {@code built} is known to describe {@code origin} exactly (the change-set path's
     * instances that nothing changed, seeded from the kept bookkeeping), so no allocation is compared.
     */
    record SeedNode(int number, boolean closed, String healthReason, List<CopyRequest> copies, Node built, Instance origin,
                    boolean exact) {
        SeedNode(int number, boolean closed, String healthReason, List<CopyRequest> copies, Node built, Instance origin) {
            this(number, closed, healthReason, copies, built, origin, false);
        }
    }
}
