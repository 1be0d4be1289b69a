package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.pulumi.internal.kind.ClusterView;
import java.util.List;

/**
 * A cluster planned (predicted) or planned and applied, seen from one resource.
 *
 * @param spec    the cluster's spec as bound from its fragments, or null when they do not bind
 * @param state   the cluster's placement afterwards (predicted, or applied)
 * @param reasons why the resource is not complete: it names an absent resource, the merged spec
 *                is invalid, or some of its copies did not fit; empty when complete
 * @param placed  false when the resource took no part in placement (left out, or the spec is invalid)
 */
public record Outcome(Spec spec, FleetState state, List<String> reasons, boolean placed) {
    public Outcome {
        reasons = List.copyOf(reasons);
    }

    public ClusterView view() {
        return new ClusterView(spec, state);
    }
}
