package dev.gpushare.pulumi.internal;

import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * A resource's property map as the engine sent it, decoded: the values (unknowns kept as their
 * sentinel strings, secrets unwrapped) and which top-level keys carried a secret, so that what is
 * returned can be wrapped again (with acceptSecrets the engine stores exactly what it gets back).
 */
public record Properties(ObjectNode values, Set<String> secretKeys) {
    public Properties {
        secretKeys = Set.copyOf(secretKeys);
    }
}
