package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.TASK_CPU_EXCEEDS_INSTANCE;
import static dev.gpushare.engine.validate.ValidationCode.TASK_MEMORY_EXCEEDS_INSTANCE;

import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/** A task's cpu (units, 1024 per vCPU) and memory (MiB) fit one instance of every provider it runs on. */
final class TaskResourcesRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        List<Problem> out = new ArrayList<>();
        for (var use : ctx.uses()) {
            var task = use.task();
            var type = use.hardware().type();
            String at = Paths.task(use.taskIndex());
            if (task.cpu() != null && task.cpu() > type.cpuUnits()) {
                out.add(Problems.of(at + "/cpu", TASK_CPU_EXCEEDS_INSTANCE, "task '" + task.family() + "' asks for "
                        + task.cpu() + " CPU units but " + use.where() + " has " + type.vcpus() + " vCPUs = "
                        + type.cpuUnits() + " units; lower cpu or use a larger instance type"));
            }
            if (task.memoryMiB() != null && task.memoryMiB() > type.memoryMiB()) {
                out.add(Problems.of(at + "/memory", TASK_MEMORY_EXCEEDS_INSTANCE, "task '" + task.family() + "' asks for "
                        + task.memoryMiB() + " MiB of memory but " + use.where() + " has " + type.memoryMiB()
                        + " MiB; lower memory or use an instance type with more memory"));
            }
        }
        return out;
    }
}
