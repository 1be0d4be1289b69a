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
        ObjectNode n = CloudJson.object();
        n.put("family", td.family());
        n.putArray("requiresCompatibilities").add(COMPATIBILITY);
        if (td.cpu() != null) n.put("cpu", Integer.toString(td.cpu()));
        if (td.memoryMiB() != null) n.put("memory", Integer.toString(td.memoryMiB()));
        ArrayNode defs = n.putArray("containerDefinitions");
        for (Container c : td.containers()) {
            ObjectNode cn = defs.addObject();
            cn.put("name", c.name());
            cn.put("image", c.image());
            cn.put("essential", true);
            if (c.gpu() != null) resource(cn.putArray("resourceRequirements").addObject(), c.gpu());
            if (c.entryPoint() != null) c.entryPoint().forEach(cn.putArray("entryPoint")::add);
            if (c.command() != null) c.command().forEach(cn.putArray("command")::add);
            if (c.environment() != null) {
                ArrayNode env = cn.putArray("environment");
                c.environment().forEach(v -> env.addObject().put("name", v.name()).put("value", v.value()));
            }
            if (c.healthCheck() != null) healthCheck(cn.putObject("healthCheck"), c.healthCheck());
        }
        return n;
    }

    /** ECS's HealthCheck; the numbers the spec leaves out are left out (ECS's defaults are gpushare's). */
    private static void healthCheck(ObjectNode h, HealthCheck check) {
        check.command().forEach(h.putArray("command")::add);
        if (check.interval() != null) h.put("interval", check.interval());
        if (check.timeout() != null) h.put("timeout", check.timeout());
        if (check.retries() != null) h.put("retries", check.retries());
        if (check.startPeriod() != null) h.put("startPeriod", check.startPeriod());
    }

    private static void resource(ObjectNode r, GpuRequirement gpu) {
        r.put("type", "GPU");
        switch (gpu) {
            case GpuRequirement.Whole w -> r.put("value", Integer.toString(w.count()));
            case GpuRequirement.All a -> r.put("value", "ALL");
            case GpuRequirement.Fraction f -> r.put("value", f.value().toPlainString());
            case GpuRequirement.NvidiaMps m -> {
                ObjectNode mps = r.putObject("sharingStrategy").putObject("nvidiaMps");
                mps.put("memory", m.memoryMiB());
                if (m.maxComputePercent() != null) mps.put("maxComputePercent", m.maxComputePercent());
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
