package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.ecs.EcsNames;
import dev.gpushare.engine.interop.ecs.EcsTaskDefinitionExporter;
import dev.gpushare.model.TaskDefinition;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code AWS::ECS::TaskDefinition}: the family, {@code Cpu}/{@code Memory} as the strings the schema
 * types them, and per container its GPU form in {@code ResourceRequirements}: {@code Value} "2",
 * "ALL" or "0.25", or {@code SharingStrategy.NvidiaMps} with {@code Memory} (MiB) and
 * {@code MaxComputePercent}; what it runs beyond its image: {@code EntryPoint}, {@code Command},
 * {@code Environment} ({@code Name}/{@code Value}) and {@code HealthCheck} ({@code Command},
 * {@code Interval}, {@code Timeout}, {@code Retries}, {@code StartPeriod}; the numbers the spec leaves
 * out are left to ECS's defaults, which are gpushare's). The execution role and registry
 * credentials are optional parameters. The properties are {@code export ecs}'s request in
 * CloudFormation's spelling ({@link EcsTaskDefinitionExporter#taskDefinition(TaskDefinition,
 * EcsTaskDefinitionExporter.Form)}).
 */
public final class TaskDefinitionKind {
    private TaskDefinitionKind() {}

    /** Adds the task definition (one without a MIG partition: ECS has none); returns its logical id. */
    public static String add(TemplateBuilder b, int index, TaskDefinition td) {
        String id = b.id(td.family(), "TaskDefinition");
        if (td.memoryMiB() == null) {
            b.note("/taskDefinitions/" + index, InteropCode.EXPORT_INCOMPLETE, "AWS::ECS::TaskDefinition " + id + " Memory: the spec"
                    + " gives task definition '" + td.family() + "' no memory, and ECS needs task or container memory; set memory (MiB) in the spec.");
        }
        String executionRole = EcsParameters.executionRole(b);
        String credentials = EcsParameters.registryCredentials(b);
        // the capacity's name is the compatibility ECS calls it (EC2, MANAGED_INSTANCES)
        ObjectNode p = EcsTaskDefinitionExporter.taskDefinition(td, new EcsTaskDefinitionExporter.Form(EcsNames.CLOUDFORMATION,
                b.input().capacity().name(), Fn.ifElseNoValue(executionRole, Fn.ref(EcsParameters.EXECUTION_ROLE)),
                Fn.ifElseNoValue(credentials, Fn.object().set("CredentialsParameter", Fn.ref(EcsParameters.REGISTRY_CREDENTIALS)))));
        b.resource(id, "AWS::ECS::TaskDefinition", List.of(), p);
        return id;
    }
}
