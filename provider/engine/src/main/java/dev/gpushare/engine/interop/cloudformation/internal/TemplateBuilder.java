package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.engine.interop.cloudformation.Template;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.ProblemCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the kinds add a template to, in the order they add it, and what they read ({@link
 * TemplateInput}). One per export.
 */
public final class TemplateBuilder {
    private final TemplateInput input;
    private final LogicalIds ids = new LogicalIds();
    private final Map<String, Template.Parameter> parameters = new LinkedHashMap<>();
    private final Map<String, JsonNode> conditions = new LinkedHashMap<>();
    private final Map<String, Template.Resource> resources = new LinkedHashMap<>();
    private final Map<String, Template.Output> outputs = new LinkedHashMap<>();
    private final List<Problem> notes = new ArrayList<>();

    public TemplateBuilder(ResolvedSpec spec, FleetState placed, EcsCapacity capacity) {
        this.input = new TemplateInput(spec, placed, capacity);
    }

    public TemplateInput input() {
        return input;
    }

    /** A new logical id for spec name {@code name} of kind {@code suffix}. */
    public String id(String name, String suffix) {
        return ids.of(name, suffix);
    }

    /** The instances gpushare's placement gives pool {@code owner}: the number no other tool knows. */
    public int instances(Owner owner) {
        int n = 0;
        for (Instance i : input.placed().instances()) if (i.owner().equals(owner)) n++;
        return n;
    }

    /** Adds the parameter once (kinds share VPC and role parameters); returns its id. */
    public String parameter(String id, Template.Parameter p) {
        parameters.putIfAbsent(id, p);
        return id;
    }

    /** An optional String parameter and the condition that it was given ({@code Has<id>}); returns the condition. */
    public String optionalParameter(String id, String description) {
        parameter(id, Template.Parameter.optional("String", description, ""));
        String condition = "Has" + id;
        conditions.putIfAbsent(condition, Fn.notEmpty(id));
        return condition;
    }

    public void resource(String id, String type, List<String> dependsOn, ObjectNode properties) {
        resources.put(id, new Template.Resource(type, dependsOn, properties));
    }

    public void output(String id, String description, JsonNode value) {
        outputs.put(id, new Template.Output(description, value));
    }

    /** What the template cannot say: a warning, with its JSON Pointer into the spec. */
    public void note(String path, ProblemCode code, String message) {
        notes.add(Problem.at(path, code, message));
    }

    public List<Problem> notes() {
        return List.copyOf(notes);
    }

    public Template build(String description) {
        Map<String, JsonNode> metadata = new LinkedHashMap<>();
        ObjectNode gpushare = JsonNodeFactory.instance.objectNode();
        gpushare.put("cluster", input.spec().cluster());
        gpushare.put("ecsCapacity", input.capacity().option());
        if (!notes.isEmpty()) {
            ArrayNode list = gpushare.putArray("notExpressed");
            for (Problem p : notes) list.addObject().put("path", p.path()).put("code", p.code().name()).put("message", p.message());
        }
        metadata.put("gpushare", gpushare);
        return new Template(description, metadata, parameters, conditions, resources, outputs);
    }
}
