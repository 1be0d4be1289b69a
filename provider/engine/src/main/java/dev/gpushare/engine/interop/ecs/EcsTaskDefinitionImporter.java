package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.Fragment;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.ecs.internal.EcsContainerRun;
import dev.gpushare.engine.interop.ecs.internal.EcsGpu;
import dev.gpushare.engine.interop.ecs.internal.EcsObjects;
import dev.gpushare.engine.interop.ecs.internal.EcsResourceRequirements;
import dev.gpushare.engine.interop.ecs.internal.EcsUnits;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.engine.interop.internal.Findings;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads Amazon ECS task definitions as users keep them and translates them to gpushare task
 * definitions. A file holds one task definition (the {@code RegisterTaskDefinition} input), a
 * {@code DescribeTaskDefinition} output ({@code {"taskDefinition": {...}}}), or a JSON array of
 * task definitions (what {@code gpushare export ecs} prints; the {@code CreateCapacityProvider}
 * and {@code CreateService} requests it prints beside them are passed over).
 *
 * <p>The rules ECS itself enforces on GPU requirements become problems whose path points into the
 * ECS file, so that the user fixes the file they own.
 */
public final class EcsTaskDefinitionImporter {
    /**
     * A task's size field: its name, how ECS writes it, and the problem when it is not that.
     *
     * @param expected what the message says the field must be
     */
    private record SizeField(String name, Function<JsonNode, Integer> parse, InteropCode invalid, String expected) {
        /** The size, or {@code null} when the task does not give it or (with a finding) gives it wrong. */
        Integer read(JsonNode doc, String path, Findings findings) {
            if (!present(doc, name)) return null;
            Integer value = parse.apply(doc.get(name));
            if (value == null) {
                findings.add(JsonPointers.append(path, name), invalid, expected + "; got " + doc.get(name) + ".");
            }
            return value;
        }
    }

    private static final SizeField CPU = new SizeField("cpu", EcsUnits::cpuUnits, InteropCode.ECS_CPU_INVALID,
            "cpu must be CPU units (\"1024\" = one vCPU) or a vCPU count (\"1 vCPU\")");
    private static final SizeField MEMORY = new SizeField("memory", EcsUnits::memoryMiB, InteropCode.ECS_MEMORY_INVALID,
            "memory must be MiB (\"8192\") or GB (\"8 GB\")");

    private EcsTaskDefinitionImporter() {}

    public static ImportResult read(List<SourceFile> files) {
        List<TaskDefinition> tasks = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        Set<String> families = new HashSet<>();
        for (SourceFile file : files) {
            Findings findings = new Findings(file.name());
            JsonNode tree = CloudJson.parse(file.text(), findings);
            if (tree != null) {
                if (tree.isArray()) {
                    for (int i = 0; i < tree.size(); i++) {
                        if (otherRequest(tree.get(i))) continue;
                        readDocument(tree.get(i), JsonPointers.append("", i), findings, families, tasks);
                    }
                } else {
                    readDocument(tree, "", findings, families, tasks);
                }
            }
            problems.addAll(findings.all());
        }
        return new ImportResult(Fragment.ofTaskDefinitions(tasks), problems);
    }

    /** A CreateService or CreateCapacityProvider request of {@code export ecs}: not a task definition. */
    private static boolean otherRequest(JsonNode doc) {
        return doc.isObject() && !doc.has("containerDefinitions")
                && (doc.has("serviceName") || doc.has("autoScalingGroupProvider") || doc.has("managedInstancesProvider"));
    }

    public static ImportResult read(String fileName, String text) {
        return read(List.of(new SourceFile(fileName, text)));
    }

    private static void readDocument(
            JsonNode doc, String path, Findings findings, Set<String> families, List<TaskDefinition> out) {
        if (doc.isObject() && doc.has("taskDefinition") && !doc.has("containerDefinitions")) {
            doc = doc.get("taskDefinition");
            path = JsonPointers.append(path, "taskDefinition");
        }
        int before = findings.count();
        TaskDefinition td = readTask(doc, path, findings);
        if (td == null || findings.count() > before) return;
        if (!families.add(td.family())) {
            findings.add(JsonPointers.append(path, "family"), InteropCode.ECS_DUPLICATE_FAMILY,
                    "Task definition family '" + td.family() + "' is given twice; a gpushare spec holds one revision per family, so keep one or rename the other.");
            return;
        }
        out.add(td);
    }

    private static TaskDefinition readTask(JsonNode doc, String path, Findings findings) {
        if (!doc.isObject()) {
            findings.add(path, InteropCode.ECS_TYPE, "A task definition must be a JSON object with family and containerDefinitions.");
            return null;
        }
        String family = CloudJson.string(doc.get("family"));
        if (family == null || family.isBlank()) {
            findings.add(path, InteropCode.ECS_REQUIRED, "The task definition needs a family (its name).");
        }
        Integer cpu = CPU.read(doc, path, findings);
        Integer memory = MEMORY.read(doc, path, findings);
        JsonNode defs = doc.get("containerDefinitions");
        String defsPath = JsonPointers.append(path, "containerDefinitions");
        if (defs == null || !defs.isArray() || defs.isEmpty()) {
            findings.add(defs == null ? path : defsPath, InteropCode.ECS_REQUIRED,
                    "The task definition needs containerDefinitions: a non-empty array of containers.");
            return null;
        }
        List<Container> containers = new ArrayList<>();
        List<EcsGpu> gpus = new ArrayList<>();
        long containerCpu = 0, containerMemory = 0;
        for (EcsObjects.Entry def : new EcsObjects(defs, defsPath, findings, "A container definition must be a JSON object.")) {
            JsonNode c = def.node();
            String cPath = def.path();
            String name = CloudJson.string(c.get("name"));
            String image = CloudJson.string(c.get("image"));
            if (name == null || name.isBlank()) findings.add(cPath, InteropCode.ECS_REQUIRED, "The container needs a name.");
            if (image == null || image.isBlank()) findings.add(cPath, InteropCode.ECS_REQUIRED, "The container needs an image.");
            EcsGpu gpu = EcsResourceRequirements.read(c.get("resourceRequirements"),
                    JsonPointers.append(cPath, "resourceRequirements"), findings);
            if (gpu != null) gpus.add(gpu);
            // ECS on EC2 reserves the containers' own cpu and memory when the task gives none.
            Long cc = CloudJson.wholeNumber(c.get("cpu"));
            if (cc != null) containerCpu += cc;
            Long cm = CloudJson.wholeNumber(present(c, "memoryReservation") ? c.get("memoryReservation") : c.get("memory"));
            if (cm != null) containerMemory += cm;
            List<String> entryPoint = EcsContainerRun.strings(c, "entryPoint", cPath, findings);
            List<String> command = EcsContainerRun.strings(c, "command", cPath, findings);
            List<EnvironmentVariable> environment = EcsContainerRun.environment(c, cPath, findings);
            HealthCheck healthCheck = EcsContainerRun.healthCheck(c, cPath, findings);
            if (name != null && image != null) {
                containers.add(new Container(name, image, gpu == null ? null : gpu.requirement(), entryPoint, command,
                        environment, healthCheck));
            }
        }
        taskRules(doc, path, gpus, findings);
        if (family == null || family.isBlank()) return null;
        if (cpu == null && !present(doc, "cpu") && containerCpu > 0) cpu = (int) containerCpu;
        if (memory == null && !present(doc, "memory") && containerMemory > 0) memory = (int) containerMemory;
        return new TaskDefinition(family, cpu, memory, containers);
    }

    /** Rules ECS applies across the containers of one task. */
    private static void taskRules(JsonNode doc, String path, List<EcsGpu> gpus, Findings findings) {
        if (gpus.isEmpty()) return;
        EcsGpu first = gpus.get(0);
        for (EcsGpu g : gpus.subList(1, gpus.size())) {
            if (g.shared() != first.shared()) {
                findings.add(g.path(), InteropCode.ECS_MIXED_GPU_FORMS,
                        "All GPU containers of a task use the same form: this one uses " + form(g) + " but "
                                + first.path() + " uses " + form(first) + ". Use value everywhere or sharingStrategy everywhere, or split the task.");
            }
        }
        if (gpus.size() > 1) {
            for (EcsGpu g : gpus) {
                if (g.fractional()) {
                    findings.add(JsonPointers.append(g.path(), "value"), InteropCode.ECS_FRACTIONAL_WITH_OTHER_GPU,
                            "A container with a fractional GPU must be the only GPU container of its task; "
                                    + (gpus.size() - 1) + " other container(s) ask for GPUs. Move them to another task or drop their GPU requirement.");
                }
            }
        }
        JsonNode compat = doc.get("requiresCompatibilities");
        if (compat == null || !compat.isArray()) return;
        boolean sharing = gpus.stream().anyMatch(g -> g.shared() || g.fractional());
        for (int i = 0; i < compat.size(); i++) {
            String c = CloudJson.string(compat.get(i));
            String cPath = JsonPointers.append(JsonPointers.append(path, "requiresCompatibilities"), i);
            if ("FARGATE".equals(c)) {
                findings.add(cPath, InteropCode.ECS_COMPATIBILITY_UNSUPPORTED,
                        "Fargate offers no GPUs; use EC2 or MANAGED_INSTANCES for a task with GPU containers.");
            } else if ("EXTERNAL".equals(c) && sharing) {
                findings.add(cPath, InteropCode.ECS_COMPATIBILITY_UNSUPPORTED,
                        "ECS Anywhere (EXTERNAL) supports neither MPS sharing nor fractional GPUs; use EC2 or MANAGED_INSTANCES.");
            }
        }
    }

    private static String form(EcsGpu g) {
        return g.shared() ? "sharingStrategy" : "value";
    }

    private static boolean present(JsonNode node, String key) {
        return node.has(key) && !node.get(key).isNull();
    }
}
