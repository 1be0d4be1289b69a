package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Places pieces with the engine and reads off the figures. An endpoint has a fixed instance count:
 * while copies of its components stay unplaced, it gets one instance more (up to one per copy).
 *
 * @param pieces   what was placed (endpoint counts as finally used)
 * @param state    the desired state on an empty fleet
 * @param usage    its cost and GPU memory
 * @param feasible every copy placed and every instance priced
 * @param reason   why not, else null
 */
record Evaluation(Pieces pieces, FleetState state, FleetUsage usage, boolean feasible, String reason) {
    static Evaluation of(Spec base, Pieces start) {
        Pieces p = start;
        while (true) {
            ResolvedSpec resolved = ResolvedSpec.of(p.on(base));
            FleetState state = Pipeline.place(resolved);
            FleetUsage usage = FleetUsage.of(state, resolved);
            if (state.unplaced().isEmpty()) {
                if (usage.unpricedInstances() > 0) {
                    return new Evaluation(p, state, usage, false, "an instance type without a price (give it perHour)");
                }
                return new Evaluation(p, state, usage, true, null);
            }
            Pieces grown = grow(p, state.unplaced());
            if (grown == null) {
                Unplaced u = state.unplaced().getFirst();
                return new Evaluation(p, state, usage, false, u.code() + ": " + u.message());
            }
            p = grown;
        }
    }

    /** Endpoints whose copies are unplaced get one more instance; null when none can grow. */
    private static Pieces grow(Pieces p, List<Unplaced> unplaced) {
        Set<String> short_ = new HashSet<>();
        for (Unplaced u : unplaced) {
            String owner = u.task().group();
            for (InferenceComponent ic : p.components()) if (ic.name().equals(owner)) short_.add(ic.endpoint());
        }
        if (short_.isEmpty()) return null;
        List<Endpoint> out = new ArrayList<>();
        boolean grew = false;
        for (Endpoint e : p.endpoints()) {
            int copies = p.components().stream().filter(ic -> ic.endpoint().equals(e.name())).mapToInt(InferenceComponent::copyCount).sum();
            if (short_.contains(e.name()) && e.instanceCount() < Math.max(1, copies)) {
                out.add(new Endpoint(e.name(), e.instanceType(), e.instanceCount() + 1, e.partitionLayout()));
                grew = true;
            } else {
                out.add(e);
            }
        }
        return grew ? p.withEndpoints(out) : null;
    }
}
