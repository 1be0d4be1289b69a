package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code gpushare export ecs}: what an ECS user deploys, in the order it is created — per capacity
 * provider a {@code CreateCapacityProvider}, per task definition a {@code RegisterTaskDefinition}
 * ({@link EcsTaskDefinitionExporter}), per service a {@code CreateService}. What has no ECS form
 * (MIG, time-slicing) is left out with a note, and so are the services that need it.
 */
public final class EcsExporter {
    private EcsExporter() {}

    public static ExportResult export(Spec spec) {
        List<ExportedDocument> docs = new ArrayList<>();
        List<Problem> notes = new ArrayList<>();
        Set<String> pools = new HashSet<>();
        for (int i = 0; i < spec.capacityProviders().size(); i++) {
            CapacityProvider cp = spec.capacityProviders().get(i);
            String path = "/capacityProviders/" + i;
            if (!EcsCapacityProviderExporter.mapsToEcs(cp)) {
                notes.add(Problem.at(path + "/gpuSharing", InteropCode.EXPORT_NOT_MAPPED, "Capacity provider '" + cp.name()
                        + "' shares its GPUs with " + strategy(cp.gpuSharing()) + ", which ECS does not offer; it and its services are not exported."));
                continue;
            }
            pools.add(cp.name());
            if (cp.gpuSharing() instanceof GpuSharing.Mps m && m.maxClientsPerGpu() != null) {
                notes.add(Problem.at(path + "/gpuSharing/maxClientsPerGpu", InteropCode.EXPORT_NOT_MAPPED, "ECS has no limit of MPS"
                        + " containers per GPU; gpushare's placement keeps " + m.maxClientsPerGpu() + " a GPU, ECS may place more."));
            }
            if (!EcsCapacityProviderExporter.nameAccepted(cp)) {
                notes.add(Problem.at(path + "/name", InteropCode.EXPORT_INCOMPLETE, "ECS refuses capacity provider names that start"
                        + " with aws, ecs or fargate; rename '" + cp.name() + "' in the spec or in the exported file."));
            }
            notes.add(Problem.at(path, InteropCode.EXPORT_INCOMPLETE, "Capacity provider '" + cp.name() + "' needs an Auto Scaling"
                    + " group of " + cp.instanceType() + " instances (min " + cp.minInstances() + ", max "
                    + (cp.maxInstances() == Integer.MAX_VALUE ? "as many as you allow" : cp.maxInstances()) + "): the request names it "
                    + EcsCapacityProviderExporter.autoScalingGroupName(spec, cp) + "; create it so, or put its ARN in autoScalingGroupArn."));
            docs.add(new ExportedDocument(cp.name() + ".capacity-provider.json", "CreateCapacityProvider",
                    EcsCapacityProviderExporter.createCapacityProvider(spec, cp)));
        }
        ExportResult tasks = EcsTaskDefinitionExporter.export(spec);
        docs.addAll(tasks.documents());
        notes.addAll(tasks.notes());
        Set<String> families = new HashSet<>();
        for (TaskDefinition td : spec.taskDefinitions()) if (EcsTaskDefinitionExporter.mapsToEcs(td)) families.add(td.family());
        for (int i = 0; i < spec.services().size(); i++) {
            Service s = spec.services().get(i);
            if (!families.contains(s.taskDefinition()) || !pools.contains(s.capacityProvider())) {
                notes.add(Problem.at("/services/" + i, InteropCode.EXPORT_NOT_MAPPED, "Service '" + s.name() + "' runs "
                        + (families.contains(s.taskDefinition()) ? "on capacity provider '" + s.capacityProvider() + "'"
                        : "task definition '" + s.taskDefinition() + "'") + ", which has no ECS form; it is not exported."));
                continue;
            }
            docs.add(new ExportedDocument(s.name() + ".service.json", "CreateService", EcsServiceExporter.createService(spec, s)));
        }
        return new ExportResult(docs, notes);
    }

    private static String strategy(GpuSharing sharing) {
        return switch (sharing) {
            case GpuSharing.Mig m -> "MIG";
            case GpuSharing.TimeSlicing t -> "time-slicing";
            case GpuSharing.Mps m -> "MPS";
            case GpuSharing.Exclusive e -> "whole GPUs";
        };
    }
}
