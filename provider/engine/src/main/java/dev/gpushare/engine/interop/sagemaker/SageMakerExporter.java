package dev.gpushare.engine.interop.sagemaker;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.BatchSize;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the endpoints and inference components of a spec as SageMaker requests: per endpoint a
 * {@code CreateEndpointConfig} (one variant, {@value #VARIANT}) and a {@code CreateEndpoint}, per
 * component a {@code CreateInferenceComponent}, and for a component with a {@code
 * rollingUpdatePolicy} the {@code UpdateInferenceComponent} that rolls out a new model or
 * specification with it ({@code DeploymentConfig.RollingUpdatePolicy}; without a policy SageMaker
 * would replace every copy at once). Partition names get the {@code mig-} prefix SageMaker requires.
 */
public final class SageMakerExporter {
    /** The variant name written; SageMaker's console uses the same default. */
    static final String VARIANT = "AllTraffic";
    /** MinMemoryRequiredInMb when the spec gives no hostMemoryMiB (SageMaker requires a value). */
    static final int DEFAULT_HOST_MEMORY_MIB = 1024;

    private SageMakerExporter() {}

    public static ExportResult export(Spec spec) {
        List<ExportedDocument> docs = new ArrayList<>();
        List<Problem> notes = new ArrayList<>();
        for (Endpoint e : spec.endpoints()) {
            docs.add(new ExportedDocument(e.name() + ".endpoint-config.json", "CreateEndpointConfig", endpointConfig(e)));
            docs.add(new ExportedDocument(e.name() + ".endpoint.json", "CreateEndpoint", endpoint(e)));
        }
        for (int i = 0; i < spec.inferenceComponents().size(); i++) {
            InferenceComponent ic = spec.inferenceComponents().get(i);
            if (!mapsToSageMaker(spec, ic)) {
                notes.add(Problem.at("/inferenceComponents/" + i + "/partitionType", InteropCode.EXPORT_NOT_MAPPED,
                        "Inference component '" + ic.name() + "' leaves its partition type to the layout advisor; set partitionType to export it."));
                continue;
            }
            docs.add(new ExportedDocument(ic.name() + ".inference-component.json", "CreateInferenceComponent", component(ic)));
            if (ic.rollingUpdatePolicy() != null) {
                docs.add(new ExportedDocument(ic.name() + ".inference-component-update.json", "UpdateInferenceComponent", update(ic)));
            }
        }
        return new ExportResult(docs, notes);
    }

    /**
     * Whether {@code ic} has a SageMaker form: not when its endpoint has a partition layout and the
     * component leaves its partition type to the layout advisor.
     */
    public static boolean mapsToSageMaker(Spec spec, InferenceComponent ic) {
        boolean partitioned = spec.endpoints().stream()
                .anyMatch(e -> e.name().equals(ic.endpoint()) && e.partitionLayout() != null);
        return !(partitioned && ic.partitionType() == null);
    }

    /** The name of the endpoint's configuration: {@code NAME-cfg}. */
    public static String configName(Endpoint e) {
        return e.name() + "-cfg";
    }

    /** {@code mig-3g.20gb} for {@code 3g.20gb} or {@code mig-3g.20gb}. */
    public static String sageMakerName(String profile) {
        return profile.startsWith("mig-") ? profile : "mig-" + profile;
    }

    public static ObjectNode endpointConfig(Endpoint e) {
        ObjectNode n = CloudJson.object();
        n.put("EndpointConfigName", configName(e));
        n.putArray("ProductionVariants").add(productionVariant(e));
        return n;
    }

    /** The endpoint's one production variant ({@value #VARIANT}): its instances, and its partition layout when it has one. */
    public static ObjectNode productionVariant(Endpoint e) {
        ObjectNode v = CloudJson.object();
        v.put("VariantName", VARIANT);
        v.put("InstanceType", e.instanceType());
        v.put("InitialInstanceCount", e.instanceCount());
        if (e.partitionLayout() != null) {
            ArrayNode types = v.putArray("AcceleratorPartitionLayouts").addObject().putArray("AcceleratorPartitionTypes");
            e.partitionLayout().forEach(p -> types.add(sageMakerName(p)));
        }
        return v;
    }

    public static ObjectNode endpoint(Endpoint e) {
        ObjectNode n = CloudJson.object();
        n.put("EndpointName", e.name());
        n.put("EndpointConfigName", configName(e));
        return n;
    }

    public static ObjectNode component(InferenceComponent ic) {
        ObjectNode n = CloudJson.object();
        n.put("InferenceComponentName", ic.name());
        n.put("EndpointName", ic.endpoint());
        n.put("VariantName", VARIANT);
        specification(n, ic);
        n.putObject("RuntimeConfig").put("CopyCount", ic.copyCount());
        return n;
    }

    /**
     * The {@code UpdateInferenceComponent} request that rolls the component's specification out with
     * its rolling update policy: the same Specification and RuntimeConfig as the create request,
     * and {@code DeploymentConfig.RollingUpdatePolicy}.
     */
    public static ObjectNode update(InferenceComponent ic) {
        ObjectNode n = CloudJson.object();
        n.put("InferenceComponentName", ic.name());
        specification(n, ic);
        n.putObject("RuntimeConfig").put("CopyCount", ic.copyCount());
        n.putObject("DeploymentConfig").set("RollingUpdatePolicy", rollingUpdatePolicy(ic.rollingUpdate()));
        return n;
    }

    /** SageMaker's InferenceComponentRollingUpdatePolicy; WaitIntervalInSeconds is required there (0 when not given). */
    public static ObjectNode rollingUpdatePolicy(RollingUpdatePolicy p) {
        ObjectNode r = CloudJson.object();
        r.set("MaximumBatchSize", batchSize(p.maximumBatchSize()));
        r.put("WaitIntervalInSeconds", p.waitIntervalInSeconds() == null ? 0 : p.waitIntervalInSeconds());
        if (p.maximumExecutionTimeoutInSeconds() != null) r.put("MaximumExecutionTimeoutInSeconds", p.maximumExecutionTimeoutInSeconds());
        if (p.rollbackMaximumBatchSize() != null) r.set("RollbackMaximumBatchSize", batchSize(p.rollbackMaximumBatchSize()));
        return r;
    }

    private static ObjectNode batchSize(BatchSize b) {
        ObjectNode n = CloudJson.object();
        n.put("Type", b.type().name());
        n.put("Value", b.value());
        return n;
    }

    private static void specification(ObjectNode n, InferenceComponent ic) {
        ObjectNode spec = n.putObject("Specification");
        spec.put("ModelName", ic.model());
        ObjectNode req = spec.putObject("ComputeResourceRequirements");
        if (ic.partitionType() != null) req.put("AcceleratorPartitionType", sageMakerName(ic.partitionType()));
        req.put("NumberOfAcceleratorDevicesRequired", 1);
        req.put("MinMemoryRequiredInMb", ic.hostMemoryMiB() != null ? ic.hostMemoryMiB() : DEFAULT_HOST_MEMORY_MIB);
    }
}
