package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.array;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.prop;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.ref;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:getCapacityProvider(cluster, name)}: a pool's instances and how many the
 * placement needs (what an Auto Scaling group's desired capacity should be), read from the
 * backend when the program calls it. The pool's resource cannot carry these: they are decided by
 * the services placed on it, which the engine steps after the pool. Call it with
 * {@code dependsOn} those services, and it runs after them.
 */
public final class PoolFunction {
    public static final String TOKEN = ResourceKind.PACKAGE + ":index:getCapacityProvider";
    public static final String INSTANCE_COUNT = "instanceCount";

    private PoolFunction() {}

    /** The function's outputs for pool {@code name} in {@code state}. */
    public static ObjectNode result(String cluster, String name, FleetState state) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put(ResourceKind.CLUSTER, cluster);
        out.put("name", name);
        JsonNode instances = Placements.instances(state, (Instance i) -> name.equals(i.capacityProvider()));
        out.set(EndpointKind.INSTANCES, instances);
        out.put(INSTANCE_COUNT, instances.size());
        return out;
    }

    /** The function's entry of the package schema. */
    public static ObjectNode schema(JsonNode clusterDescription) {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("description", "A capacity provider's instances and how many its placement needs (an Auto Scaling group's"
                + " desired capacity), as the backend holds them when called. Call it with dependsOn the services placed"
                + " on the pool: the pool resource itself steps before them and carries no placement.");
        ObjectNode in = f.putObject("inputs");
        ObjectNode inProps = in.putObject("properties");
        inProps.set(ResourceKind.CLUSTER, prop("string", clusterDescription.asString()));
        inProps.set("name", prop("string", "The capacity provider's name."));
        ArrayNode inReq = in.putArray("required");
        inReq.add(ResourceKind.CLUSTER).add("name");
        ObjectNode out = f.putObject("outputs");
        ObjectNode outProps = out.putObject("properties");
        outProps.set(ResourceKind.CLUSTER, prop("string", "The cluster."));
        outProps.set("name", prop("string", "The capacity provider's name."));
        outProps.set(EndpointKind.INSTANCES, array(ref(SchemaNodes.TYPES + "InstancePlacement"),
                "The pool's instances and their GPUs."));
        outProps.set(INSTANCE_COUNT, prop("integer", "Instances the placement needs: the Auto Scaling group's desired capacity."));
        ArrayNode outReq = out.putArray("required");
        outReq.add(ResourceKind.CLUSTER).add("name").add(EndpointKind.INSTANCES).add(INSTANCE_COUNT);
        return f;
    }
}
