package dev.gpushare.engine.advise;

import java.util.List;

import dev.gpushare.model.Spec;

/**
 * What {@link LayoutAdvisor} found: an advice per endpoint it could lay out, the endpoints it
 * could not (with the reason), and the spec with every advised layout, instance count and
 * partition type filled in (their {@code gpuMemoryMiB} removed, as a layout makes it redundant).
 */
public record Advice(List<EndpointAdvice> endpoints, List<NotAdvised> notAdvised, Spec spec) {
    public Advice {
        endpoints = List.copyOf(endpoints);
        notAdvised = List.copyOf(notAdvised);
    }

    /** An endpoint that asks for advice but cannot be laid out. */
    public record NotAdvised(String endpoint, AdviceCode code, String message) {}
}
