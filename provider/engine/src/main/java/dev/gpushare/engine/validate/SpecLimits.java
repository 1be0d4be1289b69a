package dev.gpushare.engine.validate;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

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
        Total copies = new Total().add(spec.services(), Service::desiredCount, "services", "desiredCount")
                .add(spec.inferenceComponents(), InferenceComponent::copyCount, "inferenceComponents", "copyCount");
        Total instances = new Total().add(spec.capacityProviders(), CapacityProvider::minInstances, "capacityProviders", "minInstances")
                .add(spec.endpoints(), Endpoint::instanceCount, "endpoints", "instanceCount");
        List<Problem> out = new ArrayList<>();
        if (copies.sum > maxCopies) {
            out.add(Problem.at(copies.at, ValidationCode.SPEC_TOO_LARGE, "the spec asks for " + copies.sum
                    + " copies in total (" + copies.biggest + " here); gpushare places at most " + maxCopies
                    + " copies per cluster: lower desiredCount/copyCount or split the fleet into clusters"));
        }
        if (instances.sum > maxInstances) {
            out.add(Problem.at(instances.at, ValidationCode.SPEC_TOO_LARGE, "the spec asks for " + instances.sum
                    + " instances up front (" + instances.biggest + " here); gpushare opens at most " + maxInstances
                    + " per cluster: lower minInstances/instanceCount or split the fleet into clusters"));
        }
        return out;
    }

    /** A sum over spec lists' entries, with its largest term and that term's path. */
    private static final class Total {
        long sum;
        long biggest = -1;
        String at = "";

        /** Adds {@code count} of each entry of the list at {@code /list}, whose property is {@code field}. */
        <T> Total add(List<T> entries, ToLongFunction<T> count, String list, String field) {
            for (int i = 0; i < entries.size(); i++) {
                long n = count.applyAsLong(entries.get(i));
                sum += n;
                if (n > biggest) {
                    biggest = n;
                    at = "/" + list + "/" + i + "/" + field;
                }
            }
            return this;
        }
    }
}
