package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the task definitions of a spec as {@code RegisterTaskDefinition} requests. MIG partition
 * requirements have no ECS form; their task definitions are left out with a note.
 */
public final class EcsTaskDefinitionExporter {
    /**
     * Where the tasks run. EC2 accepts every form gpushare maps (whole, ALL, fractional, MPS);
     * change it to MANAGED_INSTANCES after export if that is what the cluster uses.
     */
    static final String COMPATIBILITY = "EC2";
    /** The compatibility of ECS Managed Instances. */
    public static final String MANAGED_INSTANCES = "MANAGED_INSTANCES";

    private EcsTaskDefinitionExporter() {}

    public static ExportResult export(Spec spec) {
        List<ExportedDocument> docs = new ArrayList<>();
        List<Problem> notes = new ArrayList<>();
        for (int t = 0; t < spec.taskDefinitions().size(); t++) {
            TaskDefinition td = spec.taskDefinitions().get(t);
            String tdPath = "/taskDefinitions/" + t;
            int partition = partitionContainer(td);
            if (partition >= 0) {
                notes.add(Problem.at(tdPath + "/containers/" + partition + "/gpu", InteropCode.EXPORT_NOT_MAPPED,
                        "Task definition '" + td.family() + "' asks for a MIG partition, which ECS does not offer; it is not exported."));
                continue;
            }
            if (td.memoryMiB() == null) {
                notes.add(Problem.at(tdPath, InteropCode.EXPORT_INCOMPLETE,
                        "Task definition '" + td.family() + "' has no memory; ECS needs task memory or a memory per container. Set memory (MiB) in the spec or edit the exported file."));
            }
            docs.add(new ExportedDocument(td.family() + ".task-definition.json", "RegisterTaskDefinition", taskDefinition(td)));
        }
        return new ExportResult(docs, notes);
    }

    /** Whether ECS can run {@code td}: no container asks for a MIG partition. */
    public static boolean mapsToEcs(TaskDefinition td) {
        return partitionContainer(td) < 0;
    }

    /** The task definition as ECS takes it; values the API types as strings are strings. */
    public static ObjectNode taskDefinition(TaskDefinition td) {
        return taskDefinition(td, Form.API);
    }

    /**
     * How a task definition is written: in the API's request or as a template's
     * {@code AWS::ECS::TaskDefinition} properties.
     *
     * @param names                 the spelling of the field names
     * @param compatibility         the one entry of {@code requiresCompatibilities}: {@code EC2} or
     *                              {@code MANAGED_INSTANCES} (whose tasks run in {@code awsvpc} mode)
     * @param executionRoleArn      written as given when not {@code null} (a template's refers to a parameter)
     * @param repositoryCredentials each container's, written as given when not {@code null}
     */
    public record Form(EcsNames names, String compatibility, JsonNode executionRoleArn, JsonNode repositoryCredentials) {
        /** The {@code RegisterTaskDefinition} request of {@code export ecs}. */
        public static final Form API = new Form(EcsNames.API, COMPATIBILITY, null, null);
    }

    /** The task definition in {@code form}; values the API types as strings are strings. */
    public static ObjectNode taskDefinition(TaskDefinition td, Form form) {
        EcsNames k = form.names();
        ObjectNode n = CloudJson.object();
        n.put(k.of("family"), td.family());
        n.putArray(k.of("requiresCompatibilities")).add(form.compatibility());
        // Managed Instances run tasks in awsvpc (or host) mode; on EC2 the default (bridge) is kept.
        if (form.compatibility().equals(MANAGED_INSTANCES)) n.put(k.of("networkMode"), "awsvpc");
        if (td.cpu() != null) n.put(k.of("cpu"), Integer.toString(td.cpu()));
        if (td.memoryMiB() != null) n.put(k.of("memory"), Integer.toString(td.memoryMiB()));
        if (form.executionRoleArn() != null) n.set(k.of("executionRoleArn"), form.executionRoleArn());
        ArrayNode defs = n.putArray(k.of("containerDefinitions"));
        for (Container c : td.containers()) {
            ObjectNode cn = defs.addObject();
            cn.put(k.of("name"), c.name());
            cn.put(k.of("image"), c.image());
            cn.put(k.of("essential"), true);
            if (form.repositoryCredentials() != null) cn.set(k.of("repositoryCredentials"), form.repositoryCredentials().deepCopy());
            if (c.gpu() != null) resource(cn.putArray(k.of("resourceRequirements")).addObject(), c.gpu(), k);
            if (c.entryPoint() != null) c.entryPoint().forEach(cn.putArray(k.of("entryPoint"))::add);
            if (c.command() != null) c.command().forEach(cn.putArray(k.of("command"))::add);
            if (c.environment() != null) {
                ArrayNode env = cn.putArray(k.of("environment"));
                c.environment().forEach(v -> env.addObject().put(k.of("name"), v.name()).put(k.of("value"), v.value()));
            }
            if (c.healthCheck() != null) healthCheck(cn.putObject(k.of("healthCheck")), c.healthCheck(), k);
        }
        return n;
    }

    /** ECS's HealthCheck; the numbers the spec leaves out are left out (ECS's defaults are gpushare's). */
    private static void healthCheck(ObjectNode h, HealthCheck check, EcsNames k) {
        check.command().forEach(h.putArray(k.of("command"))::add);
        if (check.interval() != null) h.put(k.of("interval"), check.interval());
        if (check.timeout() != null) h.put(k.of("timeout"), check.timeout());
        if (check.retries() != null) h.put(k.of("retries"), check.retries());
        if (check.startPeriod() != null) h.put(k.of("startPeriod"), check.startPeriod());
    }

    private static void resource(ObjectNode r, GpuRequirement gpu, EcsNames k) {
        r.put(k.of("type"), "GPU");
        switch (gpu) {
            case GpuRequirement.Whole w -> r.put(k.of("value"), Integer.toString(w.count()));
            case GpuRequirement.All a -> r.put(k.of("value"), "ALL");
            case GpuRequirement.Fraction f -> r.put(k.of("value"), f.value().toPlainString());
            case GpuRequirement.NvidiaMps m -> {
                ObjectNode mps = r.putObject(k.of("sharingStrategy")).putObject(k.of("nvidiaMps"));
                mps.put(k.of("memory"), m.memoryMiB());
                if (m.maxComputePercent() != null) mps.put(k.of("maxComputePercent"), m.maxComputePercent());
            }
            case GpuRequirement.Partition p ->
                    throw new IllegalArgumentException("MIG partition " + p.profile() + " has no ECS form");
        }
    }

    private static int partitionContainer(TaskDefinition td) {
        for (int i = 0; i < td.containers().size(); i++) {
            if (td.containers().get(i).gpu() instanceof GpuRequirement.Partition) return i;
        }
        return -1;
    }
}
