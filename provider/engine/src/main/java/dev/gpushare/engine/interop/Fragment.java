package dev.gpushare.engine.interop;

import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.TaskDefinition;

import java.util.List;

/**
 * The part of a gpushare spec an import produces: no cluster, capacity providers or services,
 * because ECS task definitions and SageMaker requests do not say where they run.
 *
 * @param taskDefinitions     from ECS task definitions, in input order
 * @param endpoints           from SageMaker production variants, in input order
 * @param inferenceComponents from SageMaker inference components, in input order
 */
public record Fragment(
        List<TaskDefinition> taskDefinitions, List<Endpoint> endpoints,
        List<InferenceComponent> inferenceComponents) {
    public Fragment {
        taskDefinitions = List.copyOf(taskDefinitions);
        endpoints = List.copyOf(endpoints);
        inferenceComponents = List.copyOf(inferenceComponents);
    }

    public static Fragment ofTaskDefinitions(List<TaskDefinition> taskDefinitions) {
        return new Fragment(taskDefinitions, List.of(), List.of());
    }
}
