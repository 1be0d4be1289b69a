package dev.gpushare.engine.placement.internal;

import java.util.List;
import java.util.Set;

/**
 * What stays from the current state: the instances kept, each with the copies that still fit
 * where they are, and every instance number the current state used (never reused in one step).
 */
record Seed(List<SeedNode> nodes, Set<String> keptTasks, Set<Integer> usedNumbers) {

    /** Nothing kept: placement from an empty fleet. */
    static final Seed EMPTY = new Seed(List.of(), Set.of(), Set.of());

    record SeedNode(int number, boolean closed, String healthReason, List<Kept> copies) {}

    record Kept(CopyRequest copy, Choice choice) {}
}
