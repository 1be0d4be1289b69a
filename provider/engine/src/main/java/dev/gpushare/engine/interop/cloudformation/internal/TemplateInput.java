package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;

/**
 * What the kinds read: the spec (resolved against the catalog), its placement (gpushare's desired
 * state), that placement's cost, and what runs the ECS capacity providers.
 */
public record TemplateInput(ResolvedSpec resolved, FleetState placed, FleetUsage usage, EcsCapacity capacity) {
    public TemplateInput(ResolvedSpec resolved, FleetState placed, EcsCapacity capacity) {
        this(resolved, placed, FleetUsage.of(placed, resolved), capacity);
    }

    public Spec spec() {
        return resolved.spec();
    }
}
