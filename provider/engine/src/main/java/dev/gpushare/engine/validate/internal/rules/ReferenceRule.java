package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_CAPACITY_PROVIDER;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_ENDPOINT;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_TASK_DEFINITION;

import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/** Services name a task definition and a capacity provider; components name an endpoint. */
final class ReferenceRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        var spec = ctx.spec();
        List<Problem> out = new ArrayList<>();
        for (int s = 0; s < spec.services().size(); s++) {
            var service = spec.services().get(s);
            String who = "service '" + service.name() + "'";
            unknown(out, Paths.service(s) + "/taskDefinition", UNKNOWN_TASK_DEFINITION, ctx.tasks(),
                    who, "task definition", service.taskDefinition());
            unknown(out, Paths.service(s) + "/capacityProvider", UNKNOWN_CAPACITY_PROVIDER, ctx.providers(),
                    who, "capacity provider", service.capacityProvider());
        }
        for (int i = 0; i < spec.inferenceComponents().size(); i++) {
            var component = spec.inferenceComponents().get(i);
            unknown(out, Paths.component(i) + "/endpoint", UNKNOWN_ENDPOINT, ctx.endpoints(),
                    "inference component '" + component.name() + "'", "endpoint", component.endpoint());
        }
        return out;
    }

    /** Reports {@code name} (a {@code kind} that {@code who} uses) when {@code names} has no such name. */
    private static void unknown(List<Problem> out, String path, ValidationCode code, Names names,
                                String who, String kind, String name) {
        if (names.index(name).isPresent()) return;
        List<String> defined = names.all();
        out.add(Problems.of(path, code, who + " uses " + kind + " '" + name + "', which is not defined"
                + Suggestions.hint(name, defined) + "; defined: " + listed(defined)));
    }

    static String listed(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names.stream().sorted().toList());
    }
}
