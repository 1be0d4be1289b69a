package dev.gpushare.pulumi.internal.kind;

import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * One computed property of a resource kind.
 *
 * @param name     property name in the schema and on the wire
 * @param schema   its Pulumi schema (type, description; {@code $ref}s into {@link OutputTypes})
 * @param required whether every resource of the kind has it once created
 * @param secretIf inputs whose secrecy it inherits (it is derived from them); {@code *}: any input
 */
public record OutputProperty(String name, ObjectNode schema, boolean required, Set<String> secretIf) {
    public OutputProperty {
        secretIf = Set.copyOf(secretIf);
    }

    /** Whether this output must be returned as a secret given the inputs that were. */
    public boolean secretGiven(Set<String> secretInputs) {
        if (secretIf.contains("*")) return !secretInputs.isEmpty();
        for (String s : secretIf) if (secretInputs.contains(s)) return true;
        return false;
    }
}
