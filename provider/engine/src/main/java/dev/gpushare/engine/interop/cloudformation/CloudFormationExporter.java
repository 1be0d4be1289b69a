package dev.gpushare.engine.interop.cloudformation;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.cloudformation.internal.CapacityProviderKind;
import dev.gpushare.engine.interop.cloudformation.internal.ClusterKind;
import dev.gpushare.engine.interop.cloudformation.internal.EndpointKind;
import dev.gpushare.engine.interop.cloudformation.internal.InferenceComponentKind;
import dev.gpushare.engine.interop.cloudformation.internal.ModelKind;
import dev.gpushare.engine.interop.cloudformation.internal.PoolOutputs;
import dev.gpushare.engine.interop.cloudformation.internal.ServiceKind;
import dev.gpushare.engine.interop.cloudformation.internal.TaskDefinitionKind;
import dev.gpushare.engine.interop.cloudformation.internal.TemplateBuilder;
import dev.gpushare.engine.interop.ecs.EcsCapacityProviderExporter;
import dev.gpushare.engine.interop.ecs.EcsTaskDefinitionExporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code gpushare export cloudformation}: one template of a valid spec and its placement (the
 * pipeline's desired state). Per capacity provider its ECS capacity provider (and, on EC2, the
 * Auto Scaling group sized by the placement), per task definition, service, endpoint, model and
 * inference component its resource, the account's parts as parameters, and per pool the instance
 * count and $/hour of the plan as outputs. What CloudFormation cannot express is left out, and
 * each note says which resource and field, and what to do instead (also in the template's
 * Metadata). One class per resource kind in {@code internal}.
 */
public final class CloudFormationExporter {
    private CloudFormationExporter() {}

    /**
     * The template and its notes.
     *
     * @param template what to deploy
     * @param notes    what it could not express; paths point into the spec
     */
    public record Export(Template template, List<Problem> notes) {
        public Export {
            notes = List.copyOf(notes);
        }
    }

    public static Export export(ResolvedSpec spec, FleetState placed, EcsCapacity capacity) {
        TemplateBuilder b = new TemplateBuilder(spec, placed, capacity);
        ecs(b);
        sageMaker(b);
        String description = "GPU sharing of cluster " + spec.cluster() + ", placed by gpushare (gpushare export cloudformation"
                + (capacity == EcsCapacity.EC2 ? "" : " --ecs-capacity " + capacity.option()) + ").";
        return new Export(b.build(description), b.notes());
    }

    private static void ecs(TemplateBuilder b) {
        var spec = b.input().spec();
        List<Integer> pools = new ArrayList<>();
        for (int i = 0; i < spec.capacityProviders().size(); i++) {
            CapacityProvider cp = spec.capacityProviders().get(i);
            if (!EcsCapacityProviderExporter.mapsToEcs(cp)) {
                String path = "/capacityProviders/" + i + "/gpuSharing";
                b.note(path, InteropCode.EXPORT_NOT_MAPPED, "AWS::ECS::CapacityProvider has no field for "
                        + (cp.gpuSharing() instanceof GpuSharing.Mig ? "a MIG partition layout" : "time-slicing")
                        + " (ECS shares GPUs with MPS, whole or fractional only): capacity provider '" + cp.name() + "' and its"
                        + " services are not in the template. Run MIG work on a SageMaker endpoint with a partitionLayout, or on"
                        + " Kubernetes (gpushare render kubernetes).");
                continue;
            }
            pools.add(i);
        }
        Map<String, Integer> families = new LinkedHashMap<>();
        for (int t = 0; t < spec.taskDefinitions().size(); t++) {
            TaskDefinition td = spec.taskDefinitions().get(t);
            if (EcsTaskDefinitionExporter.mapsToEcs(td)) {
                families.put(td.family(), t);
            } else {
                b.note("/taskDefinitions/" + t, InteropCode.EXPORT_NOT_MAPPED, "AWS::ECS::TaskDefinition ResourceRequirements has no"
                        + " MIG partition (Type GPU takes a count, ALL, a fraction or SharingStrategy.NvidiaMps): task definition '"
                        + td.family() + "' and its services are not in the template. Use an MPS share (gpu.nvidiaMps) or a whole GPU.");
            }
        }
        if (pools.isEmpty() && families.isEmpty()) return;
        String cluster = ClusterKind.add(b);
        Map<String, String> poolIds = new LinkedHashMap<>();
        for (int i : pools) {
            CapacityProvider cp = spec.capacityProviders().get(i);
            if (cp.gpuSharing() instanceof GpuSharing.Mps m && m.maxClientsPerGpu() != null) {
                b.note("/capacityProviders/" + i + "/gpuSharing/maxClientsPerGpu", InteropCode.EXPORT_NOT_MAPPED,
                        "AWS::ECS::CapacityProvider has no limit of MPS containers per GPU: gpushare's placement keeps "
                                + m.maxClientsPerGpu() + " a GPU, ECS may place more. Keep the services' desired counts to what the plan places.");
            }
            poolIds.put(cp.name(), CapacityProviderKind.add(b, i, cp, cluster));
        }
        Map<String, String> tdIds = new LinkedHashMap<>();
        families.forEach((family, t) -> tdIds.put(family, TaskDefinitionKind.add(b, t, spec.taskDefinitions().get(t))));
        List<String> serviceDependsOn = new ArrayList<>();
        if (b.input().capacity() == EcsCapacity.EC2 && !poolIds.isEmpty()) {
            serviceDependsOn.add(ClusterKind.associate(b, cluster, List.copyOf(poolIds.values())));
        }
        for (int i = 0; i < spec.services().size(); i++) {
            Service s = spec.services().get(i);
            String td = tdIds.get(s.taskDefinition());
            String cp = poolIds.get(s.capacityProvider());
            if (td == null || cp == null) {
                b.note("/services/" + i, InteropCode.EXPORT_NOT_MAPPED, "AWS::ECS::Service '" + s.name() + "' needs "
                        + (td == null ? "task definition '" + s.taskDefinition() + "'" : "capacity provider '" + s.capacityProvider() + "'")
                        + ", which has no ECS form (above): the service is not in the template.");
                continue;
            }
            ServiceKind.add(b, s, cluster, td, cp, serviceDependsOn);
        }
        for (int i : pools) {
            CapacityProvider cp = spec.capacityProviders().get(i);
            PoolOutputs.add(b, new Owner.CapacityProvider(cp.name()), cp.name(), cp.instanceType());
        }
    }

    private static void sageMaker(TemplateBuilder b) {
        var spec = b.input().spec();
        Map<String, String> endpointIds = new LinkedHashMap<>();
        for (int i = 0; i < spec.endpoints().size(); i++) {
            Endpoint e = spec.endpoints().get(i);
            endpointIds.put(e.name(), EndpointKind.add(b, i, e));
        }
        Map<String, String> modelIds = new LinkedHashMap<>();
        for (int i = 0; i < spec.inferenceComponents().size(); i++) {
            InferenceComponent ic = spec.inferenceComponents().get(i);
            if (!SageMakerExporter.mapsToSageMaker(spec, ic)) {
                b.note("/inferenceComponents/" + i + "/partitionType", InteropCode.EXPORT_NOT_MAPPED, "Inference component '"
                        + ic.name() + "' leaves its partition type to the layout advisor: it is not in the template. Run gpushare"
                        + " advise --write first, or set partitionType.");
                continue;
            }
            String model = modelIds.computeIfAbsent(ic.model(), m -> ModelKind.add(b, m, ic.name()));
            InferenceComponentKind.add(b, i, ic, endpointIds.get(ic.endpoint()), model);
        }
        for (Endpoint e : spec.endpoints()) PoolOutputs.add(b, new Owner.Endpoint(e.name()), e.name(), e.instanceType());
    }
}
