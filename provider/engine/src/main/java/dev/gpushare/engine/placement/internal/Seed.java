package dev.gpushare.engine.placement.internal;

import java.util.List;
import java.util.Set;

/**
 * What stays from the current state: the instances kept, each with the copies that still fit where
 * they are; the kept copies themselves ({@code keptTasks}, by identity); and every instance number
 * the current state used (never reused in one step).
 */
record Seed(List<SeedNode> nodes, Set<CopyRequest> keptTasks, Set<Integer> usedNumbers) {

    /** Nothing kept: placement from an empty fleet. */
    static final Seed EMPTY = new Seed(List.of(), Set.of(), Set.of());

    record SeedNode(int number, boolean closed, String healthReason, List<Kept> copies) {}

    /** A copy that stays, with its allocations exactly as recorded (reused, not rebuilt). */
    record Kept(CopyRequest copy, Choice choice, List<dev.gpushare.engine.state.Allocation> allocations) {}
}
