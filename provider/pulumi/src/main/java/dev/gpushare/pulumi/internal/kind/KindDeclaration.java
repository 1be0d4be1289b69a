package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.model.problem.ProblemCode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a resource kind declares of itself, as data: its type name, the input that names a
 * resource, the inputs whose change replaces it, its outputs, the inputs that name entries of other
 * sections, and the problem codes Check leaves for later. {@link ResourceKind} reads it; a kind's
 * methods are its behaviour. Written as {@code KindDeclaration.of("Endpoint").replacedBy("partitionLayout")
 * .outputs(…)}.
 *
 * @param typeName        e.g. {@code Service}
 * @param nameProperty    the input that names the resource in its cluster
 * @param replacingInputs the inputs besides the cluster and the name whose change replaces the resource
 * @param outputs         the properties the kind computes (not inputs), in schema order
 * @param references      input → the spec section whose entry it names
 * @param notYet          the problem codes Check leaves for later: a reference to a resource another
 *                        step will declare
 */
public record KindDeclaration(String typeName, String nameProperty, Set<String> replacingInputs, List<OutputProperty> outputs,
                              Map<String, String> references, Set<ProblemCode> notYet) {
    public KindDeclaration {
        replacingInputs = Set.copyOf(replacingInputs);
        outputs = List.copyOf(outputs);
        references = Map.copyOf(references);
        notYet = Set.copyOf(notYet);
    }

    /** Kind {@code typeName}: named by {@code name}, replaced only with a new cluster or name, no outputs, no references. */
    public static KindDeclaration of(String typeName) {
        return new KindDeclaration(typeName, "name", Set.of(), List.of(), Map.of(), Set.of());
    }

    /** The same, its resources named by input {@code property} (a task definition's {@code family}). */
    public KindDeclaration namedBy(String property) {
        return new KindDeclaration(typeName, property, replacingInputs, outputs, references, notYet);
    }

    /** The same, replaced also when one of {@code inputs} changes. */
    public KindDeclaration replacedBy(String... inputs) {
        return new KindDeclaration(typeName, nameProperty, Set.of(inputs), outputs, references, notYet);
    }

    /** The same with these outputs, in schema order. */
    public KindDeclaration outputs(List<OutputProperty> properties) {
        return new KindDeclaration(typeName, nameProperty, replacingInputs, properties, references, notYet);
    }

    /** The same, its inputs naming other sections' entries; Check leaves {@code unknownReference} codes for later. */
    public KindDeclaration references(Map<String, String> sections, ProblemCode... unknownReference) {
        return new KindDeclaration(typeName, nameProperty, replacingInputs, outputs, sections, Set.of(unknownReference));
    }
}
