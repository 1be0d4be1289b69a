package dev.gpushare.pulumi.internal.kind;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import tools.jackson.databind.node.ObjectNode;

/**
 * One resource kind of the provider (a controller, as in pulumi-go-provider's {@code infer}
 * resources): its inputs (a spec section's entries), its outputs, when a change replaces it, and
 * how Check maps the engine's problems onto its properties. Everything else — the wire, the
 * backend, the one pipeline — is shared by all kinds.
 */
public sealed interface ResourceKind
        permits CapacityProviderKind, TaskDefinitionKind, ServiceKind, EndpointKind, InferenceComponentKind {

    String PACKAGE = "gpushare";
    /** The input every resource has: the cluster its fragment belongs to. */
    String CLUSTER = "cluster";

    /** What the kind declares of itself: its type name, naming input, replacing inputs, outputs and references. */
    KindDeclaration declaration();

    /** e.g. {@code Service}. */
    default String typeName() {
        return declaration().typeName();
    }

    /** The spec document's array this kind's fragments go to: the plural of {@link #schemaDef()}, e.g. {@code services}. */
    default String section() {
        return schemaDef() + "s";
    }

    /**
     * The {@code $defs} entry of gpushare.schema.json describing one fragment (the inputs): the
     * type name in lower camel case, e.g. {@code service}.
     */
    default String schemaDef() {
        return Character.toLowerCase(typeName().charAt(0)) + typeName().substring(1);
    }

    /** The input that names the resource in its cluster ({@code name}; {@code family} for a task definition). */
    default String nameProperty() {
        return declaration().nameProperty();
    }

    /** Whether changing input {@code property} replaces the resource (the cluster and the name always do). */
    default boolean replacesOn(String property) {
        return property.equals(CLUSTER) || property.equals(nameProperty()) || replacingInputs().contains(property);
    }

    /** The inputs besides the cluster and the name whose change replaces the resource. */
    default Set<String> replacingInputs() {
        return declaration().replacingInputs();
    }

    /** The properties this kind computes (not inputs), in schema order. */
    default List<OutputProperty> outputs() {
        return declaration().outputs();
    }

    /**
     * The output values of resource {@code name} in {@code view}; properties that do not apply
     * (an ECS form for a MIG task definition) are left out.
     *
     * @param inputs the resource's inputs (checked, no unknowns)
     */
    ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view);

    /**
     * Input → the spec section whose entry it names (a service's {@code taskDefinition} →
     * {@code taskDefinitions}). A resource whose reference is not declared yet waits: the engine
     * may create it before what it names.
     */
    default Map<String, String> references() {
        return declaration().references();
    }

    /** The problem codes Check leaves for later: a reference to a resource another step will declare. */
    default Set<dev.gpushare.model.problem.ProblemCode> notYet() {
        return declaration().notYet();
    }

    /** The spec fragment for checked inputs: the inputs without {@code cluster}. */
    default ObjectNode fragment(ObjectNode inputs) {
        ObjectNode f = inputs.deepCopy();
        f.remove(CLUSTER);
        return f;
    }

    /**
     * The inputs a stored fragment stands for (Read: refresh and import); {@code oldInputs} are the
     * inputs the engine last stored (empty on import), {@code declared} the cluster's fragments.
     */
    default ObjectNode inputs(String cluster, ObjectNode fragment, ObjectNode oldInputs, SortedMap<String, ObjectNode> declared) {
        ObjectNode in = fragment.deepCopy();
        in.put(CLUSTER, cluster);
        return in;
    }

    /** Problems of this kind's own that need the other declared fragments (beyond the spec's validation). */
    default List<Failure> checkAgainst(ObjectNode inputs, SortedMap<String, ObjectNode> declared) {
        return List.of();
    }

    /** {@code gpushare:index:Service}. */
    default String token() {
        return PACKAGE + ":index:" + typeName();
    }

    /** The key of resource {@code name}'s fragment in the declared store: {@code services/embedder}. */
    default String key(String name) {
        return section() + "/" + name;
    }

    /** Names of {@link #outputs()}. */
    default List<String> outputNames() {
        return outputs().stream().map(OutputProperty::name).toList();
    }
}
