package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.DUPLICATE_CONTAINER_NAME;

import dev.gpushare.model.problem.Problem;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Container names unique within a task definition (the agent keys containers by name). */
final class ContainerNameRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().taskDefinitions(), (t, task, out) -> {
            Set<String> seen = new HashSet<>();
            var containers = task.containers();
            for (int c = 0; c < containers.size(); c++) {
                String name = containers.get(c).name();
                if (!seen.add(name)) {
                    out.add(Problems.of(Paths.container(t, c) + "/name", DUPLICATE_CONTAINER_NAME,
                            "task definition '" + task.family() + "' already has a container named '"
                                    + name + "'; rename one of them"));
                }
            }
        });
    }
}
