package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Names unique per kind. The reader already reports duplicates across files; this catches them in
 * a spec built in code (DSL, Pulumi), and the facade drops the second report of the same path.
 */
final class UniqueNameRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        var spec = ctx.spec();
        List<Problem> out = new ArrayList<>();
        scan(out, "capacityProviders", "name", "capacity provider", spec.capacityProviders(), p -> p.name());
        scan(out, "taskDefinitions", "family", "task definition", spec.taskDefinitions(), t -> t.family());
        scan(out, "services", "name", "service", spec.services(), s -> s.name());
        scan(out, "endpoints", "name", "endpoint", spec.endpoints(), e -> e.name());
        scan(out, "inferenceComponents", "name", "inference component", spec.inferenceComponents(), c -> c.name());
        scan(out, "instanceTypes", "name", "instance type", spec.instanceTypes(), t -> t.name());
        return out;
    }

    private static <T> void scan(List<Problem> out, String section, String key, String kind, List<T> items,
                                 Function<T, String> name) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            String n = name.apply(items.get(i));
            if (!seen.add(n)) {
                out.add(Problem.at("/" + section + "/" + i + "/" + key, ReadCode.DUPLICATE_NAME,
                        "the " + kind + " name '" + n + "' is already used; rename one of them"));
            }
        }
    }
}
