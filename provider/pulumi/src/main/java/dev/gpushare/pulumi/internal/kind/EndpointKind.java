package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.arrayOf;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.typeRef;

import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:Endpoint} ({@code endpoints}): a changed {@code partitionLayout}, a pure
 * reorder included, replaces it (SageMaker treats any layout edit as a new endpoint
 * configuration); count and type update in place. Outputs: its instances (decided by the endpoint
 * alone: count, type and layout), what they cost per hour, and the production variant
 * {@code aws.sagemaker.EndpointConfiguration} takes, from the code of {@code gpushare export sagemaker}.
 */
public record EndpointKind() implements ResourceKind {
    public static final String INSTANCES = "instances";
    public static final String PRODUCTION_VARIANT = "productionVariant";
    private static final KindDeclaration DECLARATION = KindDeclaration.of("Endpoint").replacedBy("partitionLayout").outputs(List.of(
            new OutputProperty(INSTANCES, arrayOf("InstancePlacement",
                    "The endpoint's instances and their GPUs (with the MIG partitions of the layout)."), true, Set.of()),
            new OutputProperty(PRODUCTION_VARIANT, typeRef("ProductionVariant",
                    "The endpoint as a SageMaker production variant (instance type, count, partition layout)."),
                    true, Set.of("instanceType", "instanceCount", "partitionLayout")),
            new OutputProperty(PoolCost.COST_PER_HOUR, SchemaNodes.prop("number", PoolCost.description("endpoint")
                    + " Its instance count is the instanceCount input."), false, Set.of("instanceType", "instanceCount"))));

    @Override
    public KindDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.set(INSTANCES, Placements.instances(view.state(), i -> i.owner().equals(new Owner.Endpoint(name))));
        PoolCost.perHour(view.state(), view.spec(), p -> name.equals(p.endpoint())).ifPresent(c -> out.put(PoolCost.COST_PER_HOUR, c));
        Endpoint e = SpecEntries.named(view.spec(), Spec::endpoints, Endpoint::name, name);
        if (e != null) {
            out.set(PRODUCTION_VARIANT, LowerCamel.of(SageMakerExporter.endpointConfig(e).get("ProductionVariants").get(0)));
        }
        return out;
    }
}
