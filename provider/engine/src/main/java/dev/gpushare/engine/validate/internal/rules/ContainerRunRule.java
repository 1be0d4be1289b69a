package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.ENVIRONMENT_DUPLICATE_NAME;
import static dev.gpushare.engine.validate.ValidationCode.ENVIRONMENT_RESERVED_NAME;
import static dev.gpushare.engine.validate.ValidationCode.HEALTH_CHECK_COMMAND;

import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a container runs beyond its image (the ranges of the health check's numbers are the
 * schema's, ECS's): a health check's command has ECS's form, and the environment names each
 * variable once and leaves alone the variables gpushare derives from the placement.
 */
final class ContainerRunRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().taskDefinitions(), (t, task, out) -> {
            for (int c = 0; c < task.containers().size(); c++) {
                container(task, task.containers().get(c), Paths.container(t, c), out);
            }
        });
    }

    private static void container(TaskDefinition td, Container c, String path, List<Problem> out) {
        String who = "container '" + c.name() + "' of task definition '" + td.family() + "'";
        if (c.healthCheck() != null) healthCheck(who, c.healthCheck(), path + "/healthCheck/command", out);
        Map<String, Integer> first = new HashMap<>();
        List<EnvironmentVariable> env = c.env();
        for (int i = 0; i < env.size(); i++) {
            String name = env.get(i).name(), at = path + "/environment/" + i + "/name";
            Integer earlier = first.putIfAbsent(name, i);
            if (earlier != null) {
                out.add(Problems.of(at, ENVIRONMENT_DUPLICATE_NAME, who + " sets " + name + " twice (environment entries "
                        + earlier + " and " + i + "); keep one of them"));
            }
            if (reserved(name)) {
                out.add(Problems.of(at, ENVIRONMENT_RESERVED_NAME, who + " sets " + name + ", which gpushare derives from the"
                        + " placement (the GPU the copy gets, its MPS memory and compute limits); remove it and change gpu instead"));
            }
        }
    }

    private static void healthCheck(String who, HealthCheck h, String path, List<Problem> out) {
        List<String> cmd = h.command();
        String head = cmd.isEmpty() ? null : cmd.getFirst();
        if (!HealthCheck.CMD.equals(head) && !HealthCheck.CMD_SHELL.equals(head)) {
            out.add(Problems.of(path + "/0", HEALTH_CHECK_COMMAND, who + ": healthCheck.command starts with "
                    + (head == null ? "nothing" : "\"" + head + "\"") + "; start it with \"CMD\" (then the program and its"
                    + " arguments) or \"CMD-SHELL\" (then one shell command), or leave healthCheck out"));
        } else if (cmd.size() < 2 || cmd.get(1).isBlank()) {
            out.add(Problems.of(path + (cmd.size() < 2 ? "" : "/1"), HEALTH_CHECK_COMMAND, who + ": healthCheck.command names no "
                    + (HealthCheck.CMD.equals(head) ? "program" : "shell command") + " after \"" + head + "\"; add it, e.g. [\""
                    + head + "\", " + (HealthCheck.CMD.equals(head) ? "\"/bin/check\"" : "\"curl -f http://localhost:8080/health || exit 1\"") + "]"));
        }
    }

    /** The variables the placement sets ({@link ContainerEnv}) and the MPS client's own. */
    static boolean reserved(String name) {
        return name.equals(ContainerEnv.VISIBLE_DEVICES) || name.startsWith("CUDA_MPS_") || name.startsWith("GPUSHARE_");
    }
}
