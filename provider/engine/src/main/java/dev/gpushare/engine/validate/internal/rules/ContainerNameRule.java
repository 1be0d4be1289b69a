package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.DUPLICATE_CONTAINER_NAME;

import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Container names unique within a task definition (the agent keys containers by name). */
final class ContainerNameRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        List<Problem> out = new ArrayList<>();
        List<TaskDefinition> tasks = ctx.spec().taskDefinitions();
        for (int t = 0; t < tasks.size(); t++) {
            Set<String> seen = new HashSet<>();
            var containers = tasks.get(t).containers();
            for (int c = 0; c < containers.size(); c++) {
                String name = containers.get(c).name();
                if (!seen.add(name)) {
                    out.add(Problems.of(Paths.container(t, c) + "/name", DUPLICATE_CONTAINER_NAME,
                            "task definition '" + tasks.get(t).family() + "' already has a container named '"
                                    + name + "'; rename one of them"));
                }
            }
        }
        return out;
    }
}
