package dev.gpushare.engine.interop.ecs;

/**
 * The two spellings of ECS's field names: the API's request JSON ({@code containerDefinitions},
 * {@code sharingStrategy}) and CloudFormation's {@code AWS::ECS::*} properties, which are the same
 * names with a capital first letter ({@code ContainerDefinitions}, {@code SharingStrategy}). The
 * ECS exporters write each object once, in either spelling, so that the requests of {@code export
 * ecs} and the resources of {@code export cloudformation} describe the same task definitions and
 * services.
 */
public enum EcsNames {
    API,
    CLOUDFORMATION;

    /** Field {@code apiName} (as the API spells it) in this spelling. */
    public String of(String apiName) {
        return this == API ? apiName : Character.toUpperCase(apiName.charAt(0)) + apiName.substring(1);
    }
}
