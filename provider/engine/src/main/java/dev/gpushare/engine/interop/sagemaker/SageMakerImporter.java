package dev.gpushare.engine.interop.sagemaker;

import dev.gpushare.engine.interop.Fragment;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.engine.interop.internal.Findings;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.BatchSize;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import dev.gpushare.model.problem.Problem;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads SageMaker request documents — {@code CreateEndpointConfig}, {@code CreateEndpoint} and
 * {@code CreateInferenceComponent} inputs, one per file or several in a JSON array — and
 * translates them to gpushare endpoints and inference components.
 *
 * <p>A gpushare endpoint is one production variant. Its name is the endpoint's name: taken from a
 * {@code CreateEndpoint} document that names the config, otherwise the config name without a
 * {@code -cfg}/{@code -config} suffix; a config with several variants gives one endpoint per
 * variant, named {@code <endpoint>-<variant>}.
 */
public final class SageMakerImporter {
    /** The AcceleratorPartitionType pattern of the SageMaker API. */
    static final Pattern PARTITION_TYPE = Pattern.compile("mig-[0-9]+g\\.[0-9]+gb([+-][a-z0-9.]+)*");
    /** SageMaker's floor for MinMemoryRequiredInMb (host memory). */
    static final int MIN_HOST_MEMORY_MIB = 128;

    private SageMakerImporter() {}

    private record Doc(JsonNode node, String path, Findings findings) {}

    /** A production variant read: the gpushare endpoint, and the SageMaker names it answers to. */
    private record Variant(Endpoint endpoint, String endpointName, String variantName) {}

    public static ImportResult read(List<SourceFile> files) {
        List<Doc> configs = new ArrayList<>(), endpoints = new ArrayList<>(), components = new ArrayList<>(), updates = new ArrayList<>();
        Map<String, Findings> byFile = new LinkedHashMap<>();
        for (SourceFile file : files) {
            Findings findings = byFile.computeIfAbsent(file.name(), Findings::new);
            JsonNode tree = CloudJson.parse(file.text(), findings);
            if (tree == null) continue;
            if (tree.isArray()) {
                for (int i = 0; i < tree.size(); i++) sort(new Doc(tree.get(i), JsonPointers.append("", i), findings), configs, endpoints, components, updates);
            } else {
                sort(new Doc(tree, "", findings), configs, endpoints, components, updates);
            }
        }
        // CreateEndpoint documents say which endpoint uses which config.
        Map<String, String> endpointOfConfig = new LinkedHashMap<>();
        for (Doc d : endpoints) {
            String name = requiredString(d, "EndpointName");
            String config = requiredString(d, "EndpointConfigName");
            if (name != null && config != null) endpointOfConfig.putIfAbsent(config, name);
        }
        List<Variant> variants = new ArrayList<>();
        for (Doc d : configs) variants.addAll(readConfig(d, endpointOfConfig));
        List<InferenceComponent> ics = new ArrayList<>();
        for (Doc d : components) {
            int before = d.findings().count();
            InferenceComponent ic = readComponent(d, variants);
            if (ic != null && d.findings().count() == before) ics.add(ic);
        }
        ics = withRollingUpdates(ics, updates, components);
        List<Problem> problems = new ArrayList<>();
        byFile.values().forEach(f -> problems.addAll(f.all()));
        List<Endpoint> eps = variants.stream().map(Variant::endpoint).toList();
        return new ImportResult(new Fragment(List.of(), eps, ics), problems);
    }

    public static ImportResult read(String fileName, String text) {
        return read(List.of(new SourceFile(fileName, text)));
    }

    private static void sort(Doc d, List<Doc> configs, List<Doc> endpoints, List<Doc> components, List<Doc> updates) {
        JsonNode n = d.node();
        if (n.isObject() && n.has("ProductionVariants")) configs.add(d);
        else if (n.isObject() && n.has("InferenceComponentName") && n.has("DeploymentConfig") && !n.has("EndpointName")) updates.add(d);
        else if (n.isObject() && n.has("InferenceComponentName")) components.add(d);
        else if (n.isObject() && n.has("EndpointName") && n.has("EndpointConfigName")) endpoints.add(d);
        else d.findings().add(d.path(), InteropCode.SAGEMAKER_UNKNOWN_DOCUMENT,
                "Not a CreateEndpointConfig (ProductionVariants), CreateEndpoint (EndpointName, EndpointConfigName), CreateInferenceComponent (InferenceComponentName) or UpdateInferenceComponent (InferenceComponentName, DeploymentConfig) request.");
    }

    private static List<Variant> readConfig(Doc d, Map<String, String> endpointOfConfig) {
        String configName = requiredString(d, "EndpointConfigName");
        JsonNode pvs = d.node().get("ProductionVariants");
        String pvsPath = JsonPointers.append(d.path(), "ProductionVariants");
        if (!pvs.isArray() || pvs.isEmpty()) {
            d.findings().add(pvsPath, InteropCode.SAGEMAKER_REQUIRED, "ProductionVariants must be a non-empty array.");
            return List.of();
        }
        if (configName == null) return List.of();
        String endpointName = endpointOfConfig.getOrDefault(configName, configName.replaceFirst("-(cfg|config|endpoint-config)$", ""));
        List<Variant> out = new ArrayList<>();
        for (int i = 0; i < pvs.size(); i++) {
            Doc v = new Doc(pvs.get(i), JsonPointers.append(pvsPath, i), d.findings());
            int before = d.findings().count();
            String variantName = requiredString(v, "VariantName");
            if (v.node().has("ServerlessConfig")) {
                d.findings().add(JsonPointers.append(v.path(), "ServerlessConfig"), InteropCode.SAGEMAKER_SERVERLESS_UNSUPPORTED,
                        "Serverless variants have no GPUs; gpushare only takes instance-based variants.");
                continue;
            }
            String instanceType = requiredString(v, "InstanceType");
            Long count = CloudJson.wholeNumber(v.node().get("InitialInstanceCount"));
            if (count == null || count < 1) {
                d.findings().add(v.node().has("InitialInstanceCount") ? JsonPointers.append(v.path(), "InitialInstanceCount") : v.path(),
                        InteropCode.SAGEMAKER_INSTANCE_COUNT, "InitialInstanceCount must be a whole number ≥ 1.");
            }
            List<String> layout = layout(v);
            if (d.findings().count() > before || variantName == null || instanceType == null || count == null) continue;
            String name = pvs.size() == 1 ? endpointName : endpointName + "-" + variantName;
            out.add(new Variant(new Endpoint(name, instanceType, count.intValue(), layout), endpointName, variantName));
        }
        return out;
    }

    private static List<String> layout(Doc v) {
        JsonNode layouts = v.node().get("AcceleratorPartitionLayouts");
        if (layouts == null || layouts.isNull()) return null;
        String path = JsonPointers.append(v.path(), "AcceleratorPartitionLayouts");
        if (!layouts.isArray() || layouts.isEmpty()) {
            v.findings().add(path, InteropCode.SAGEMAKER_EMPTY_LAYOUT,
                    "AcceleratorPartitionLayouts must hold exactly one layout; leave it out for whole GPUs.");
            return null;
        }
        for (int i = 1; i < layouts.size(); i++) {
            v.findings().add(JsonPointers.append(path, i), InteropCode.SAGEMAKER_MULTIPLE_LAYOUTS,
                    "A variant takes exactly one partition layout (it is applied to every GPU); remove this entry.");
        }
        JsonNode types = layouts.get(0).get("AcceleratorPartitionTypes");
        String typesPath = JsonPointers.append(JsonPointers.append(path, 0), "AcceleratorPartitionTypes");
        if (types == null || !types.isArray() || types.isEmpty()) {
            v.findings().add(types == null ? JsonPointers.append(path, 0) : typesPath, InteropCode.SAGEMAKER_EMPTY_LAYOUT,
                    "The layout needs AcceleratorPartitionTypes: the MIG partitions of one GPU, e.g. [\"mig-3g.20gb\", \"mig-4g.20gb\"].");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            String t = CloudJson.string(types.get(i));
            if (t == null || !PARTITION_TYPE.matcher(t).matches()) {
                v.findings().add(JsonPointers.append(typesPath, i), InteropCode.SAGEMAKER_PARTITION_TYPE_INVALID,
                        "A partition type is a MIG profile name such as mig-3g.20gb; got " + types.get(i) + ".");
            } else {
                out.add(t);
            }
        }
        return out;
    }

    private static InferenceComponent readComponent(Doc d, List<Variant> variants) {
        Findings f = d.findings();
        String name = requiredString(d, "InferenceComponentName");
        String endpointName = requiredString(d, "EndpointName");
        String variantName = CloudJson.string(d.node().get("VariantName"));
        JsonNode spec = d.node().path("Specification");
        String specPath = JsonPointers.append(d.path(), "Specification");
        JsonNode req = spec.path("ComputeResourceRequirements");
        String reqPath = JsonPointers.append(specPath, "ComputeResourceRequirements");
        if (!req.isObject()) {
            f.add(spec.isObject() ? specPath : d.path(), InteropCode.SAGEMAKER_REQUIRED,
                    "The component needs Specification.ComputeResourceRequirements (MinMemoryRequiredInMb at least).");
            return null;
        }
        String partition = null;
        JsonNode pt = req.get("AcceleratorPartitionType");
        if (pt != null && !pt.isNull()) {
            partition = CloudJson.string(pt);
            if (partition == null || !PARTITION_TYPE.matcher(partition).matches()) {
                f.add(JsonPointers.append(reqPath, "AcceleratorPartitionType"), InteropCode.SAGEMAKER_PARTITION_TYPE_INVALID,
                        "AcceleratorPartitionType is a MIG profile name such as mig-4g.20gb; got " + pt + ".");
                partition = null;
            }
        }
        JsonNode devices = req.get("NumberOfAcceleratorDevicesRequired");
        if (devices != null && !devices.isNull()) {
            BigDecimal n = CloudJson.decimal(devices);
            if (n == null || n.compareTo(BigDecimal.ONE) != 0) {
                String path = JsonPointers.append(reqPath, "NumberOfAcceleratorDevicesRequired");
                if (pt != null && !pt.isNull()) {
                    f.add(path, InteropCode.SAGEMAKER_DEVICES_NOT_ONE,
                            "With an AcceleratorPartitionType, NumberOfAcceleratorDevicesRequired must be 1 (one partition); got " + devices + ".");
                } else {
                    f.add(path, InteropCode.SAGEMAKER_DEVICES_UNSUPPORTED,
                            "gpushare gives each copy one whole GPU or one partition; set NumberOfAcceleratorDevicesRequired to 1; got " + devices + ".");
                }
            }
        }
        Integer hostMemory = null;
        JsonNode mem = req.get("MinMemoryRequiredInMb");
        Long m = CloudJson.wholeNumber(mem);
        if (mem == null || mem.isNull()) {
            f.add(reqPath, InteropCode.SAGEMAKER_REQUIRED, "MinMemoryRequiredInMb (host memory per copy, ≥ 128) is required.");
        } else if (m == null || m < MIN_HOST_MEMORY_MIB || m > Integer.MAX_VALUE) {
            f.add(JsonPointers.append(reqPath, "MinMemoryRequiredInMb"), InteropCode.SAGEMAKER_MIN_MEMORY,
                    "MinMemoryRequiredInMb is host memory in MB and must be at least " + MIN_HOST_MEMORY_MIB + "; got " + mem + ".");
        } else {
            hostMemory = m.intValue();
        }
        int copies = 1;
        JsonNode cc = d.node().path("RuntimeConfig").get("CopyCount");
        if (cc != null && !cc.isNull()) {
            Long c = CloudJson.wholeNumber(cc);
            if (c == null || c < 1 || c > Integer.MAX_VALUE) {
                f.add(JsonPointers.append(JsonPointers.append(d.path(), "RuntimeConfig"), "CopyCount"), InteropCode.SAGEMAKER_COPY_COUNT,
                        "CopyCount must be a whole number ≥ 1; got " + cc + ".");
            } else {
                copies = c.intValue();
            }
        }
        String model = CloudJson.string(spec.get("ModelName"));
        if (name == null || endpointName == null) return null;
        String endpoint = resolveEndpoint(d, endpointName, variantName, partition, pt != null && !pt.isNull(), variants);
        return new InferenceComponent(name, endpoint, model != null ? model : name, partition, copies, hostMemory, null);
    }

    /**
     * The components with the rolling update policy of their UpdateInferenceComponent requests (a
     * component's rollingUpdatePolicy). An update whose component is not in the import, or was left
     * out for a problem of its own, is reported once.
     */
    private static List<InferenceComponent> withRollingUpdates(List<InferenceComponent> ics, List<Doc> updates, List<Doc> components) {
        if (updates.isEmpty()) return ics;
        Map<String, RollingUpdatePolicy> policies = new LinkedHashMap<>();
        java.util.Set<String> created = new java.util.HashSet<>();
        for (Doc c : components) {
            String name = CloudJson.string(c.node().get("InferenceComponentName"));
            if (name != null) created.add(name);
        }
        for (Doc d : updates) {
            String name = requiredString(d, "InferenceComponentName");
            if (name == null) continue;
            if (!created.contains(name)) {
                d.findings().add(JsonPointers.append(d.path(), "InferenceComponentName"), InteropCode.SAGEMAKER_UPDATE_UNKNOWN_COMPONENT,
                        "No CreateInferenceComponent of this import defines '" + name + "'; import it together with its update.");
                continue;
            }
            RollingUpdatePolicy p = rollingUpdatePolicy(d);
            if (p != null) policies.put(name, p);
        }
        List<InferenceComponent> out = new ArrayList<>();
        for (InferenceComponent ic : ics) {
            RollingUpdatePolicy p = policies.get(ic.name());
            out.add(p == null ? ic : new InferenceComponent(ic.name(), ic.endpoint(), ic.model(), ic.partitionType(),
                    ic.copyCount(), ic.hostMemoryMiB(), ic.gpuMemoryMiB(), p));
        }
        return out;
    }

    private static RollingUpdatePolicy rollingUpdatePolicy(Doc d) {
        String path = JsonPointers.append(JsonPointers.append(d.path(), "DeploymentConfig"), "RollingUpdatePolicy");
        JsonNode r = d.node().path("DeploymentConfig").get("RollingUpdatePolicy");
        if (r == null || !r.isObject()) {
            d.findings().add(JsonPointers.append(d.path(), "DeploymentConfig"), InteropCode.SAGEMAKER_ROLLING_UPDATE_INVALID,
                    "DeploymentConfig needs RollingUpdatePolicy: {MaximumBatchSize: {Type, Value}, WaitIntervalInSeconds}.");
            return null;
        }
        int before = d.findings().count();
        BatchSize max = batchSize(d, r.get("MaximumBatchSize"), JsonPointers.append(path, "MaximumBatchSize"), true);
        Integer wait = seconds(d, r.get("WaitIntervalInSeconds"), JsonPointers.append(path, "WaitIntervalInSeconds"), 0, 3600);
        Integer timeout = seconds(d, r.get("MaximumExecutionTimeoutInSeconds"), JsonPointers.append(path, "MaximumExecutionTimeoutInSeconds"), 600, 28800);
        BatchSize rollback = batchSize(d, r.get("RollbackMaximumBatchSize"), JsonPointers.append(path, "RollbackMaximumBatchSize"), false);
        return d.findings().count() > before ? null : new RollingUpdatePolicy(max, wait, timeout, rollback);
    }

    private static BatchSize batchSize(Doc d, JsonNode n, String path, boolean required) {
        if (n == null || n.isNull()) {
            if (required) d.findings().add(path, InteropCode.SAGEMAKER_ROLLING_UPDATE_INVALID,
                    "MaximumBatchSize is required: {\"Type\": \"COPY_COUNT\" or \"CAPACITY_PERCENT\", \"Value\": a whole number ≥ 1}.");
            return null;
        }
        String type = CloudJson.string(n.get("Type"));
        Long value = CloudJson.wholeNumber(n.get("Value"));
        BatchSize.Type t = null;
        for (BatchSize.Type candidate : BatchSize.Type.values()) if (candidate.name().equals(type)) t = candidate;
        if (t == null || value == null || value < 1 || value > Integer.MAX_VALUE) {
            d.findings().add(path, InteropCode.SAGEMAKER_ROLLING_UPDATE_INVALID,
                    "A batch size is {\"Type\": \"COPY_COUNT\" or \"CAPACITY_PERCENT\", \"Value\": a whole number ≥ 1}; got " + n + ".");
            return null;
        }
        return new BatchSize(t, value.intValue());
    }

    private static Integer seconds(Doc d, JsonNode n, String path, int min, int max) {
        if (n == null || n.isNull()) return null;
        Long v = CloudJson.wholeNumber(n);
        if (v == null || v < min || v > max) {
            d.findings().add(path, InteropCode.SAGEMAKER_ROLLING_UPDATE_INVALID,
                    "Must be a whole number of seconds from " + min + " to " + max + "; got " + n + ".");
            return null;
        }
        return v.intValue();
    }

    /** The gpushare endpoint the component runs on, checking the partition rules when it is known. */
    private static String resolveEndpoint(
            Doc d, String endpointName, String variantName, String partition, boolean partitionGiven, List<Variant> variants) {
        List<Variant> sameEndpoint = variants.stream().filter(v -> v.endpointName().equals(endpointName)).toList();
        List<Variant> ofEndpoint = sameEndpoint.stream()
                .filter(v -> variantName == null || v.variantName().equals(variantName))
                .toList();
        if (!sameEndpoint.isEmpty() && ofEndpoint.isEmpty()) {
            d.findings().add(JsonPointers.append(d.path(), "VariantName"), InteropCode.SAGEMAKER_VARIANT_UNKNOWN,
                    "Endpoint '" + endpointName + "' has no variant '" + variantName + "'; use one of "
                            + sameEndpoint.stream().map(Variant::variantName).toList() + ".");
            return endpointName;
        }
        if (ofEndpoint.size() > 1) {
            d.findings().add(d.path(), InteropCode.SAGEMAKER_VARIANT_REQUIRED,
                    "Endpoint '" + endpointName + "' has several variants; set VariantName to one of them.");
            return endpointName;
        }
        if (ofEndpoint.isEmpty()) return endpointName; // defined elsewhere in the spec
        Endpoint e = ofEndpoint.get(0).endpoint();
        String reqPath = JsonPointers.append(JsonPointers.append(d.path(), "Specification"), "ComputeResourceRequirements");
        if (e.partitionLayout() != null && !partitionGiven) {
            d.findings().add(reqPath, InteropCode.SAGEMAKER_PARTITION_TYPE_REQUIRED,
                    "Endpoint '" + e.name() + "' is partitioned; set AcceleratorPartitionType to one of " + e.partitionLayout() + ".");
        } else if (e.partitionLayout() != null && partition != null && !e.partitionLayout().contains(partition)) {
            d.findings().add(JsonPointers.append(reqPath, "AcceleratorPartitionType"), InteropCode.SAGEMAKER_PARTITION_TYPE_NOT_IN_LAYOUT,
                    "Partition type " + partition + " is not in the layout of endpoint '" + e.name() + "'; use one of " + e.partitionLayout() + ".");
        } else if (e.partitionLayout() == null && partitionGiven) {
            d.findings().add(JsonPointers.append(reqPath, "AcceleratorPartitionType"), InteropCode.SAGEMAKER_PARTITION_TYPE_WITHOUT_LAYOUT,
                    "Endpoint '" + e.name() + "' has whole GPUs (no AcceleratorPartitionLayouts); remove AcceleratorPartitionType or give the endpoint a layout.");
        }
        return e.name();
    }

    private static String requiredString(Doc d, String key) {
        String s = CloudJson.string(d.node().get(key));
        if (s == null || s.isBlank()) {
            d.findings().add(d.node().has(key) ? JsonPointers.append(d.path(), key) : d.path(), InteropCode.SAGEMAKER_REQUIRED,
                    key + " is required and must be a non-empty string.");
            return null;
        }
        return s;
    }
}
