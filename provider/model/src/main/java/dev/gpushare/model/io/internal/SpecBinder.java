package dev.gpushare.model.io.internal;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.BatchSize;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Pricing;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.SpecSections;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SourceMap;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns schema-valid trees into the spec records and merges several files. Shape errors are the
 * schema's job; a tree that is not schema-valid is a caller bug ({@link IllegalArgumentException}).
 */
public final class SpecBinder {
    /** The top-level lists, in document order, with the property that names an item. */
    private enum Section {
        capacityProviders("name", "capacity provider"),
        taskDefinitions("family", "task definition"),
        services("name", "service"),
        endpoints("name", "endpoint"),
        inferenceComponents("name", "inference component"),
        instanceTypes("name", "instance type");

        final String key;
        final String kind;

        Section(String key, String kind) {
            this.key = key;
            this.kind = kind;
        }
    }

    /** Where a name was first defined. */
    private record Definition(String file, Problem.Location at) {}

    private final List<Problem> problems = new ArrayList<>();
    private final Map<Section, Map<String, Definition>> names = new HashMap<>();
    private Fields fields;

    private final SpecSections sections = new SpecSections();
    private Pricing pricing = Pricing.NONE;
    private Definition pricingAt;

    private SpecBinder() {}

    public static ReadResult bind(List<ParsedFile> files) {
        if (files.isEmpty()) {
            return new ReadResult(null, List.of(Problem.at("", ReadCode.NO_INPUT, "give at least one spec file")),
                    SourceMap.EMPTY);
        }
        // Parse problems are already in each ParsedFile; without every tree there is no spec.
        if (files.stream().anyMatch(f -> !f.parsed())) return new ReadResult(null, List.of(), new SourceMap(files, Map.of()));
        return new SpecBinder().run(files);
    }

    private ReadResult run(List<ParsedFile> files) {
        Map<String, List<SourceMap.Origin>> origins = new LinkedHashMap<>();
        for (Section s : Section.values()) origins.put(s.name(), new ArrayList<>());
        ParsedFile firstFile = files.get(0);
        String apiVersion = Fields.text(firstFile.tree(), "apiVersion", "");
        String cluster = Fields.text(firstFile.tree(), "cluster", "");
        for (int fi = 0; fi < files.size(); fi++) {
            ParsedFile f = files.get(fi);
            fields = new Fields(f, problems);
            JsonNode root = f.tree();
            if (!root.isObject()) throw new IllegalArgumentException(f.file() + ": the document is not a mapping");
            String c = Fields.text(root, "cluster", "");
            if (!c.equals(cluster)) {
                problems.add(new Problem(f.file(), "/cluster", ReadCode.CLUSTER_MISMATCH,
                        "cluster is `" + c + "` here but `" + cluster + "` in " + firstFile.file() + lineOf(firstFile, "/cluster")
                                + "; every file of one spec must name the same cluster",
                        f.locations().locate("/cluster")));
            }
            for (Section s : Section.values()) {
                JsonNode list = root.get(s.name());
                if (list == null || list.isNull()) continue;
                for (int i = 0; i < list.size(); i++) {
                    String path = JsonPointers.append("/" + s.name(), i);
                    JsonNode item = list.get(i);
                    checkUnique(s, f, path, Fields.text(item, s.key, path));
                    origins.get(s.name()).add(new SourceMap.Origin(fi, i));
                    add(s, item, path);
                }
            }
            JsonNode p = root.get("pricing");
            if (p != null && !p.isNull()) pricing(f, p);
        }
        Spec spec = problems.stream().anyMatch(p -> p.code() == ReadCode.NUMBER_OUT_OF_RANGE)
                ? null
                : sections.toSpec(apiVersion, cluster, pricing);
        return new ReadResult(spec, problems, new SourceMap(files, origins));
    }

    private void checkUnique(Section s, ParsedFile f, String itemPath, String name) {
        String path = JsonPointers.append(itemPath, s.key);
        Problem.Location at = f.locations().locate(path);
        Definition first = names.computeIfAbsent(s, k -> new HashMap<>()).putIfAbsent(name, new Definition(f.file(), at));
        if (first != null) {
            problems.add(new Problem(f.file(), path, ReadCode.DUPLICATE_NAME,
                    s.kind + " `" + name + "` is already defined in " + first.file()
                            + (first.at() == null ? "" : " at line " + first.at().line())
                            + "; rename or remove one of them",
                    at));
        }
    }

    private void add(Section s, JsonNode n, String path) {
        switch (s) {
            case capacityProviders -> sections.capacityProviders().add(new CapacityProvider(
                    Fields.text(n, "name", path), Fields.text(n, "instanceType", path),
                    fields.integer(n, "minInstances", path, 0),
                    fields.integer(n, "maxInstances", path, SpecReader.NO_INSTANCE_LIMIT),
                    gpuSharing(n.get("gpuSharing"), JsonPointers.append(path, "gpuSharing"))));
            case taskDefinitions -> sections.taskDefinitions().add(taskDefinition(n, path));
            case services -> sections.services().add(new Service(
                    Fields.text(n, "name", path), Fields.text(n, "taskDefinition", path),
                    Fields.text(n, "capacityProvider", path), fields.integer(n, "desiredCount", path, null),
                    n.hasNonNull("placementStrategy")
                            ? PlacementStrategy.valueOf(Fields.text(n, "placementStrategy", path))
                            : PlacementStrategy.BINPACK,
                    deploymentConfiguration(n.get("deploymentConfiguration"), JsonPointers.append(path, "deploymentConfiguration")),
                    circuitBreaker(n.get("deploymentCircuitBreaker"), JsonPointers.append(path, "deploymentCircuitBreaker"))));
            case endpoints -> sections.endpoints().add(new Endpoint(
                    Fields.text(n, "name", path), Fields.text(n, "instanceType", path),
                    fields.integer(n, "instanceCount", path, null), Fields.optTextList(n, "partitionLayout", path)));
            case inferenceComponents -> sections.inferenceComponents().add(new InferenceComponent(
                    Fields.text(n, "name", path), Fields.text(n, "endpoint", path), Fields.text(n, "model", path),
                    Fields.optText(n, "partitionType", path), fields.integer(n, "copyCount", path, null),
                    fields.optInteger(n, "hostMemoryMiB", path), fields.optInteger(n, "gpuMemoryMiB", path),
                    rollingUpdate(n.get("rollingUpdatePolicy"), JsonPointers.append(path, "rollingUpdatePolicy"))));
            case instanceTypes -> sections.instanceTypes().add(new InstanceTypeDef(
                    Fields.text(n, "name", path), Fields.text(n, "gpuModel", path),
                    fields.integer(n, "gpuCount", path, null), fields.integer(n, "vcpus", path, null),
                    fields.longValue(n, "memoryMiB", path), Fields.optDecimal(n, "perHour", path)));
        }
    }

    /** The one {@code pricing} section of a spec; a second file that gives one too is a problem. */
    private void pricing(ParsedFile f, JsonNode n) {
        Problem.Location at = f.locations().locate("/pricing");
        if (pricingAt != null) {
            problems.add(new Problem(f.file(), "/pricing", ReadCode.DUPLICATE_SECTION,
                    "pricing is already given in " + pricingAt.file()
                            + (pricingAt.at() == null ? "" : " at line " + pricingAt.at().line())
                            + "; give the pricing section in one file of the spec",
                    at));
            return;
        }
        pricingAt = new Definition(f.file(), at);
        List<Pricing.InstancePrice> prices = new ArrayList<>();
        JsonNode list = n.get("prices");
        if (list != null && !list.isNull()) {
            for (int i = 0; i < list.size(); i++) {
                String path = JsonPointers.append("/pricing/prices", i);
                JsonNode item = list.get(i);
                prices.add(new Pricing.InstancePrice(Fields.text(item, "instanceType", path),
                        Fields.optDecimal(item, "perHour", path)));
            }
        }
        pricing = new Pricing(Fields.optText(n, "region", "/pricing"), Fields.optDecimal(n, "discountPercent", "/pricing"),
                prices);
    }

    private TaskDefinition taskDefinition(JsonNode n, String path) {
        List<Container> containers = new ArrayList<>();
        Map<String, Problem.Location> containerNames = new HashMap<>();
        JsonNode list = Fields.required(n, "containers", path);
        for (int i = 0; i < list.size(); i++) {
            String cPath = JsonPointers.append(JsonPointers.append(path, "containers"), i);
            JsonNode c = list.get(i);
            String name = Fields.text(c, "name", cPath);
            String namePath = JsonPointers.append(cPath, "name");
            Problem.Location at = fields.file().locations().locate(namePath);
            if (containerNames.containsKey(name)) {
                Problem.Location first = containerNames.get(name);
                problems.add(new Problem(fields.file().file(), namePath, ReadCode.DUPLICATE_NAME,
                        "container `" + name + "` appears twice in this task definition"
                                + (first == null ? "" : " (first at line " + first.line() + ")")
                                + "; container names must be unique within a task definition",
                        at));
            } else {
                containerNames.put(name, at);
            }
            containers.add(new Container(name, Fields.text(c, "image", cPath),
                    gpu(c.get("gpu"), JsonPointers.append(cPath, "gpu")),
                    Fields.optTextList(c, "entryPoint", cPath), Fields.optTextList(c, "command", cPath),
                    environment(c.get("environment"), JsonPointers.append(cPath, "environment")),
                    healthCheck(c.get("healthCheck"), JsonPointers.append(cPath, "healthCheck"))));
        }
        return new TaskDefinition(Fields.text(n, "family", path), fields.optInteger(n, "cpu", path),
                fields.optInteger(n, "memory", path), containers);
    }

    private static List<EnvironmentVariable> environment(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        List<EnvironmentVariable> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            String vPath = JsonPointers.append(path, i);
            out.add(new EnvironmentVariable(Fields.text(n.get(i), "name", vPath), Fields.text(n.get(i), "value", vPath)));
        }
        return out;
    }

    private HealthCheck healthCheck(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        return new HealthCheck(Fields.optTextList(n, "command", path), fields.optInteger(n, "interval", path),
                fields.optInteger(n, "timeout", path), fields.optInteger(n, "retries", path),
                fields.optInteger(n, "startPeriod", path));
    }

    // Absent means "the default": MPS on whole-GPU types, the hardware slice on fractional types.
    // Only the catalog knows which, so the reader keeps null.
    private DeploymentConfiguration deploymentConfiguration(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        return new DeploymentConfiguration(fields.optInteger(n, "minimumHealthyPercent", path), fields.optInteger(n, "maximumPercent", path));
    }

    private static DeploymentCircuitBreaker circuitBreaker(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        return new DeploymentCircuitBreaker(Fields.bool(n, "enable", path), Fields.bool(n, "rollback", path));
    }

    private RollingUpdatePolicy rollingUpdate(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        return new RollingUpdatePolicy(batchSize(Fields.required(n, "maximumBatchSize", path), JsonPointers.append(path, "maximumBatchSize")),
                fields.optInteger(n, "waitIntervalInSeconds", path), fields.optInteger(n, "maximumExecutionTimeoutInSeconds", path),
                batchSize(n.get("rollbackMaximumBatchSize"), JsonPointers.append(path, "rollbackMaximumBatchSize")));
    }

    private BatchSize batchSize(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        String type = Fields.text(n, "type", path);
        BatchSize.Type t;
        try {
            t = BatchSize.Type.valueOf(type); // the schema's enum names the same constants
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + "/type: not schema-valid: " + type, e);
        }
        return new BatchSize(t, fields.integer(n, "value", path, null));
    }

    private GpuSharing gpuSharing(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        String strategy = Fields.text(n, "strategy", path);
        return switch (strategy) {
            case "MPS" -> new GpuSharing.Mps(fields.optInteger(n, "maxClientsPerGpu", path));
            case "EXCLUSIVE" -> new GpuSharing.Exclusive();
            case "MIG" -> new GpuSharing.Mig(Fields.optTextList(n, "partitionLayout", path));
            case "TIME_SLICING" -> new GpuSharing.TimeSlicing(fields.integer(n, "replicas", path, null));
            default -> throw new IllegalArgumentException(path + "/strategy: not schema-valid: " + strategy);
        };
    }

    private GpuRequirement gpu(JsonNode n, String path) {
        if (n == null || n.isNull()) return null;
        if (n.isNumber()) {
            // An integral number (2 or 2.0, both integers to JSON Schema) is whole GPUs.
            if (Fields.isIntegral(n)) return new GpuRequirement.Whole(fields.intValue(n, path));
            return new GpuRequirement.Fraction(n.decimalValue());
        }
        if (n.isString()) {
            if (n.stringValue().equals("ALL")) return new GpuRequirement.All();
            throw new IllegalArgumentException(path + ": not schema-valid: " + n);
        }
        if (n.has("nvidiaMps")) {
            String mPath = JsonPointers.append(path, "nvidiaMps");
            JsonNode m = n.get("nvidiaMps");
            return new GpuRequirement.NvidiaMps(fields.integer(m, "memory", mPath, null),
                    fields.optInteger(m, "maxComputePercent", mPath));
        }
        if (n.has("partition")) return new GpuRequirement.Partition(Fields.text(n, "partition", path));
        throw new IllegalArgumentException(path + ": not schema-valid: " + n);
    }

    private static String lineOf(ParsedFile f, String path) {
        Problem.Location l = f.locations().locate(path);
        return l == null ? "" : " (line " + l.line() + ")";
    }
}
