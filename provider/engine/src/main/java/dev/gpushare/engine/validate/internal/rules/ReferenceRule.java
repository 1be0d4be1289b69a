package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_CAPACITY_PROVIDER;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_ENDPOINT;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_TASK_DEFINITION;

import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/** Services name a task definition and a capacity provider; components name an endpoint. */
final class ReferenceRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        var spec = ctx.spec();
        List<Problem> out = new ArrayList<>();
        List<String> families = spec.taskDefinitions().stream().map(t -> t.family()).toList();
        List<String> providers = spec.capacityProviders().stream().map(p -> p.name()).toList();
        List<String> endpoints = spec.endpoints().stream().map(e -> e.name()).toList();
        for (int s = 0; s < spec.services().size(); s++) {
            var service = spec.services().get(s);
            if (ctx.taskIndex(service.taskDefinition()).isEmpty()) {
                out.add(Problems.of(Paths.service(s) + "/taskDefinition", UNKNOWN_TASK_DEFINITION,
                        "service '" + service.name() + "' uses task definition '" + service.taskDefinition()
                                + "', which is not defined" + Suggestions.hint(service.taskDefinition(), families)
                                + "; defined: " + listed(families)));
            }
            if (ctx.providerIndex(service.capacityProvider()).isEmpty()) {
                out.add(Problems.of(Paths.service(s) + "/capacityProvider", UNKNOWN_CAPACITY_PROVIDER,
                        "service '" + service.name() + "' uses capacity provider '" + service.capacityProvider()
                                + "', which is not defined" + Suggestions.hint(service.capacityProvider(), providers)
                                + "; defined: " + listed(providers)));
            }
        }
        for (int i = 0; i < spec.inferenceComponents().size(); i++) {
            var component = spec.inferenceComponents().get(i);
            if (ctx.endpointIndex(component.endpoint()).isEmpty()) {
                out.add(Problems.of(Paths.component(i) + "/endpoint", UNKNOWN_ENDPOINT,
                        "inference component '" + component.name() + "' uses endpoint '" + component.endpoint()
                                + "', which is not defined" + Suggestions.hint(component.endpoint(), endpoints)
                                + "; defined: " + listed(endpoints)));
            }
        }
        return out;
    }

    static String listed(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names.stream().sorted().toList());
    }
}
