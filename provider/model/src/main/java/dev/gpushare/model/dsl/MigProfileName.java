package dev.gpushare.model.dsl;

import java.util.Objects;

/**
 * The name of a MIG profile, such as {@code 3g.40gb} or SageMaker's {@code mig-3g.40gb} (both
 * name the same profile). Kept as written; whether the GPU has such a profile is validation's
 * business.
 *
 * @param name the profile name, with or without the {@code mig-} prefix
 */
public record MigProfileName(String name) {
    public MigProfileName {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a MIG profile name cannot be blank");
        }
    }

    /** The profile {@code name}, e.g. {@code "3g.40gb"}. */
    public static MigProfileName of(String name) {
        return new MigProfileName(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
