package dev.gpushare.server.internal;

import dev.gpushare.server.ServiceCode;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Bounds on what one plan request may ask the service to place. The schema bounds counts from
 * below only, so a small body could ask for a billion copies and hold a request thread and its
 * memory; the service answers such a spec 400 instead. The bounds are far above real fleets.
 */
final class SpecSize {
    /** Copies (service desiredCount + inference component copyCount) per spec. */
    static final long MAX_COPIES = 200_000;
    /** Instances asked for up front (minInstances + endpoint instanceCount) per spec. */
    static final long MAX_INSTANCES = 20_000;

    private SpecSize() {}

    static List<Problem> check(Spec spec) {
        long copies = 0, instances = 0;
        for (Service s : spec.services()) copies += s.desiredCount();
        for (InferenceComponent c : spec.inferenceComponents()) copies += c.copyCount();
        for (CapacityProvider p : spec.capacityProviders()) instances += p.minInstances();
        for (Endpoint e : spec.endpoints()) instances += e.instanceCount();
        List<Problem> out = new ArrayList<>();
        if (copies > MAX_COPIES) {
            out.add(Problem.at("", ServiceCode.SPEC_TOO_LARGE, "the spec asks for " + copies + " copies; this service plans at most "
                    + MAX_COPIES + " per cluster: lower desiredCount/copyCount or split the fleet into clusters"));
        }
        if (instances > MAX_INSTANCES) {
            out.add(Problem.at("", ServiceCode.SPEC_TOO_LARGE, "the spec asks for " + instances + " instances up front; this service"
                    + " plans at most " + MAX_INSTANCES + " per cluster: lower minInstances/instanceCount or split the fleet"));
        }
        return out;
    }
}
