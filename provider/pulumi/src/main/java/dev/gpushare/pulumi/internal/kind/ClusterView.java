package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;

/**
 * What a resource's outputs are read from: the cluster's spec as bound from its declared
 * fragments, and its placement (planned, or as the backend holds it).
 *
 * @param spec  the bound spec, or null when the cluster's fragments do not bind (then only
 *              placement outputs are known)
 * @param state the placement
 */
public record ClusterView(Spec spec, FleetState state) {}
