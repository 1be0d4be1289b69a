package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.model.Spec;
import java.util.List;
import java.util.function.Function;

/** Finding a resource's entry in the cluster's bound spec, which the output values are read from. */
final class SpecEntries {
    private SpecEntries() {}

    /**
     * The entry of {@code section} whose {@code nameOf} is {@code name}; null when there is none or
     * no spec (the cluster's fragments do not bind).
     */
    static <T> T named(Spec spec, Function<Spec, List<T>> section, Function<T, String> nameOf, String name) {
        if (spec == null) return null;
        for (T entry : section.apply(spec)) if (nameOf.apply(entry).equals(name)) return entry;
        return null;
    }
}
