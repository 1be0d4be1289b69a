package dev.gpushare.engine.validate;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * How much one spec may ask gpushare to place, checked before any placement starts. The schema
 * bounds counts from below only, so a 400-byte spec could ask for two billion copies and take the
 * machine's memory; such a spec is refused with {@link ValidationCode#SPEC_TOO_LARGE} and the
 * numbers instead. Every front door applies {@link #DEFAULT} (it is a validation rule); the
 * placement service applies its own, usually lower, limits on top (docs/server.md).
 *
 * @param maxCopies     copies per spec: the sum of services' desiredCount and inference
 *                      components' copyCount
 * @param maxInstances  instances asked for up front: the sum of capacity providers'
 *                      minInstances and endpoints' instanceCount (a pool opens at most one
 *                      instance per copy beyond that, so copies bound the rest)
 */
public record SpecLimits(long maxCopies, long maxInstances) {
    /** 1,000,000 copies and 100,000 instances: ten times the largest fleets measured, about 1 GiB of heap to place. */
    public static final SpecLimits DEFAULT = new SpecLimits(1_000_000, 100_000);

    public SpecLimits {
        if (maxCopies < 1 || maxInstances < 1) throw new IllegalArgumentException("limits must be ≥ 1");
    }

    /**
     * The problems of a spec over these limits: each names the largest contributor's path, the
     * total, and the limit.
     */
    public List<Problem> check(Spec spec) {
        long copies = 0, instances = 0, biggestCopies = -1, biggestInstances = -1;
        String copiesAt = "", instancesAt = "";
        for (int i = 0; i < spec.services().size(); i++) {
            Service s = spec.services().get(i);
            copies += s.desiredCount();
            if (s.desiredCount() > biggestCopies) {
                biggestCopies = s.desiredCount();
                copiesAt = "/services/" + i + "/desiredCount";
            }
        }
        for (int i = 0; i < spec.inferenceComponents().size(); i++) {
            InferenceComponent c = spec.inferenceComponents().get(i);
            copies += c.copyCount();
            if (c.copyCount() > biggestCopies) {
                biggestCopies = c.copyCount();
                copiesAt = "/inferenceComponents/" + i + "/copyCount";
            }
        }
        for (int i = 0; i < spec.capacityProviders().size(); i++) {
            CapacityProvider p = spec.capacityProviders().get(i);
            instances += p.minInstances();
            if (p.minInstances() > biggestInstances) {
                biggestInstances = p.minInstances();
                instancesAt = "/capacityProviders/" + i + "/minInstances";
            }
        }
        for (int i = 0; i < spec.endpoints().size(); i++) {
            Endpoint e = spec.endpoints().get(i);
            instances += e.instanceCount();
            if (e.instanceCount() > biggestInstances) {
                biggestInstances = e.instanceCount();
                instancesAt = "/endpoints/" + i + "/instanceCount";
            }
        }
        List<Problem> out = new ArrayList<>();
        if (copies > maxCopies) {
            out.add(Problem.at(copiesAt, ValidationCode.SPEC_TOO_LARGE, "the spec asks for " + copies
                    + " copies in total (" + biggestCopies + " here); gpushare places at most " + maxCopies
                    + " copies per cluster: lower desiredCount/copyCount or split the fleet into clusters"));
        }
        if (instances > maxInstances) {
            out.add(Problem.at(instancesAt, ValidationCode.SPEC_TOO_LARGE, "the spec asks for " + instances
                    + " instances up front (" + biggestInstances + " here); gpushare opens at most " + maxInstances
                    + " per cluster: lower minInstances/instanceCount or split the fleet into clusters"));
        }
        return out;
    }
}
