package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.TaskDefinition;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code AWS::ECS::TaskDefinition}: the family, {@code Cpu}/{@code Memory} as the strings the schema
 * types them, and per container its GPU form in {@code ResourceRequirements}: {@code Value} "2",
 * "ALL" or "0.25", or {@code SharingStrategy.NvidiaMps} with {@code Memory} (MiB) and
 * {@code MaxComputePercent}; what it runs beyond its image: {@code EntryPoint}, {@code Command},
 * {@code Environment} ({@code Name}/{@code Value}) and {@code HealthCheck} ({@code Command},
 * {@code Interval}, {@code Timeout}, {@code Retries}, {@code StartPeriod}; the numbers the spec leaves
 * out are left to ECS's defaults, which are gpushare's). The execution role and registry
 * credentials are optional parameters.
 */
public final class TaskDefinitionKind {
    private TaskDefinitionKind() {}

    /** Adds the task definition (one without a MIG partition: ECS has none); returns its logical id. */
    public static String add(TemplateBuilder b, int index, TaskDefinition td) {
        String id = b.id(td.family(), "TaskDefinition");
        ObjectNode p = Fn.object();
        p.put("Family", td.family());
        boolean managed = b.capacity() == EcsCapacity.MANAGED_INSTANCES;
        p.putArray("RequiresCompatibilities").add(managed ? "MANAGED_INSTANCES" : "EC2");
        // Managed Instances run tasks in awsvpc (or host) mode; on EC2 the default (bridge) is kept.
        if (managed) p.put("NetworkMode", "awsvpc");
        if (td.cpu() != null) p.put("Cpu", Integer.toString(td.cpu()));
        if (td.memoryMiB() != null) {
            p.put("Memory", Integer.toString(td.memoryMiB()));
        } else {
            b.note("/taskDefinitions/" + index, InteropCode.EXPORT_INCOMPLETE, "AWS::ECS::TaskDefinition " + id + " Memory: the spec"
                    + " gives task definition '" + td.family() + "' no memory, and ECS needs task or container memory; set memory (MiB) in the spec.");
        }
        String executionRole = EcsParameters.executionRole(b);
        p.set("ExecutionRoleArn", Fn.ifElseNoValue(executionRole, Fn.ref(EcsParameters.EXECUTION_ROLE)));
        String credentials = EcsParameters.registryCredentials(b);
        ArrayNode defs = p.putArray("ContainerDefinitions");
        for (Container c : td.containers()) {
            ObjectNode cn = defs.addObject();
            cn.put("Name", c.name());
            cn.put("Image", c.image());
            cn.put("Essential", true);
            cn.set("RepositoryCredentials", Fn.ifElseNoValue(credentials,
                    Fn.object().set("CredentialsParameter", Fn.ref(EcsParameters.REGISTRY_CREDENTIALS))));
            if (c.gpu() != null) gpu(cn.putArray("ResourceRequirements").addObject(), c.gpu());
            if (c.entryPoint() != null) c.entryPoint().forEach(cn.putArray("EntryPoint")::add);
            if (c.command() != null) c.command().forEach(cn.putArray("Command")::add);
            if (c.environment() != null) {
                ArrayNode env = cn.putArray("Environment");
                c.environment().forEach(v -> env.addObject().put("Name", v.name()).put("Value", v.value()));
            }
            if (c.healthCheck() != null) healthCheck(cn.putObject("HealthCheck"), c.healthCheck());
        }
        b.resource(id, "AWS::ECS::TaskDefinition", List.of(), p);
        return id;
    }

    private static void healthCheck(ObjectNode h, HealthCheck check) {
        check.command().forEach(h.putArray("Command")::add);
        if (check.interval() != null) h.put("Interval", check.interval());
        if (check.timeout() != null) h.put("Timeout", check.timeout());
        if (check.retries() != null) h.put("Retries", check.retries());
        if (check.startPeriod() != null) h.put("StartPeriod", check.startPeriod());
    }

    private static void gpu(ObjectNode r, GpuRequirement gpu) {
        r.put("Type", "GPU");
        switch (gpu) {
            case GpuRequirement.Whole w -> r.put("Value", Integer.toString(w.count()));
            case GpuRequirement.All a -> r.put("Value", "ALL");
            case GpuRequirement.Fraction f -> r.put("Value", f.value().toPlainString());
            case GpuRequirement.NvidiaMps m -> {
                ObjectNode mps = r.putObject("SharingStrategy").putObject("NvidiaMps");
                mps.put("Memory", m.memoryMiB());
                if (m.maxComputePercent() != null) mps.put("MaxComputePercent", m.maxComputePercent());
            }
            case GpuRequirement.Partition p ->
                    throw new IllegalArgumentException("MIG partition " + p.profile() + " has no ECS form");
        }
    }
}
