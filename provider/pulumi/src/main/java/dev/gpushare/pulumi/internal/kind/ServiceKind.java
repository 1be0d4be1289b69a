package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.engine.validate.ValidationCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:Service} ({@code services}): every input updates in place. Outputs: its
 * copies (where each runs, with the environment to start it with) and the copies that did not fit.
 *
 * <p>{@code taskDefinition} takes the family or a task definition's {@code revision}
 * ({@code family:revision}); with the revision, a replaced task definition changes the service's
 * inputs too, so the preview shows the service updating and why. The revision must be the task
 * definition's current one.
 */
public record ServiceKind() implements ResourceKind {
    public static final String TASK_DEFINITION = "taskDefinition";

    private static final KindDeclaration DECLARATION = KindDeclaration.of("Service")
            .references(Map.of(TASK_DEFINITION, "taskDefinitions", "capacityProvider", "capacityProviders"),
                    ValidationCode.UNKNOWN_TASK_DEFINITION, ValidationCode.UNKNOWN_CAPACITY_PROVIDER)
            .outputs(CopyOutputs.properties("Where each copy runs, with its environment."));

    @Override
    public KindDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view) {
        return CopyOutputs.values(name, view);
    }

    /** The spec names the family only: a {@code family:revision} reference loses its revision. */
    @Override
    public ObjectNode fragment(ObjectNode inputs) {
        ObjectNode f = ResourceKind.super.fragment(inputs);
        JsonNode td = f.get(TASK_DEFINITION);
        if (td != null && td.isString()) f.put(TASK_DEFINITION, TaskDefinitionKind.familyOf(td.stringValue()));
        return f;
    }

    /** A service that referred to a revision gets the task definition's current revision back. */
    @Override
    public ObjectNode inputs(String cluster, ObjectNode fragment, ObjectNode oldInputs, SortedMap<String, ObjectNode> declared) {
        ObjectNode in = ResourceKind.super.inputs(cluster, fragment, oldInputs, declared);
        JsonNode old = oldInputs.get(TASK_DEFINITION);
        JsonNode family = fragment.get(TASK_DEFINITION);
        if (old != null && old.isString() && old.stringValue().contains(":") && family != null) {
            ObjectNode td = declared.get("taskDefinitions/" + family.asString());
            if (td != null) in.put(TASK_DEFINITION, TaskDefinitionKind.revisionOf(td));
        }
        return in;
    }

    @Override
    public List<Failure> checkAgainst(ObjectNode inputs, SortedMap<String, ObjectNode> declared) {
        JsonNode ref = inputs.get(TASK_DEFINITION);
        if (ref == null || !ref.isString() || !ref.stringValue().contains(":")) return List.of();
        String family = TaskDefinitionKind.familyOf(ref.stringValue());
        ObjectNode td = declared.get("taskDefinitions/" + family);
        List<Failure> out = new ArrayList<>();
        if (td != null && !TaskDefinitionKind.revisionOf(td).equals(ref.stringValue())) {
            out.add(new Failure(TASK_DEFINITION, "task definition " + family + " is at revision " + TaskDefinitionKind.revisionOf(td)
                    + ", not " + ref.stringValue() + "; refer to the task definition's revision output (e.g. ${"
                    + family + "Task.revision}) or to its family " + family));
        }
        return out;
    }
}
