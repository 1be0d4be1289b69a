package dev.gpushare.engine.advise.capacity;

import dev.gpushare.engine.advise.capacity.internal.Advisor;
import dev.gpushare.engine.resolve.ResolvedSpec;

/**
 * {@code gpushare advise capacity}: for each service and inference component with GPU copies,
 * every way the catalog offers to run it — whole GPUs on each instance type that fits, MPS on
 * g5/g6/g6e/g7e, fractional slices on g6f/gr6f, MIG layouts on p4d/p4de/p5/p5e/p5en/g7e (the layout
 * advisor's exact search), time-slicing on the MPS families — each placed by the engine on a pool
 * of its own and priced; the cheapest feasible one that keeps the isolation floor is chosen. The
 * chosen alternatives that share a form and an instance type are then placed together on one pool
 * (for MIG, with one layout searched for all of them) when that is not dearer than keeping them
 * apart. Exact per workload; the combination is one engine placement per group (docs/cost.md).
 */
public final class CapacityAdvisor {
    private CapacityAdvisor() {}

    /** @param spec a valid, resolved spec ({@code Pipeline.check}) */
    public static CapacityAdvice advise(ResolvedSpec spec, Isolation floor) {
        return Advisor.advise(spec, floor);
    }
}
