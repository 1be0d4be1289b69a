package dev.gpushare.model;

import java.util.Objects;

/**
 * One environment variable of a container, in ECS's shape ({@code KeyValuePair}: name and value).
 *
 * @param name  the variable's name (no {@code =})
 * @param value its value
 */
public record EnvironmentVariable(String name, String value) {
    public EnvironmentVariable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
