package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.array;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.arrayOf;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.prop;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.type;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:getCapacityProvider(cluster, name)}: a pool's instances, how many the
 * placement needs (what an Auto Scaling group's desired capacity should be) and what they cost
 * per hour, read from the
 * backend when the program calls it. The pool's resource cannot carry these: they are decided by
 * the services placed on it, which the engine steps after the pool. A program calls it after
 * those services: with {@code dependsOn} where the language's function calls take it (TypeScript,
 * Python, Go, Java), or by passing their ids as {@code services} — a call runs once its
 * arguments are known, which is after those services' steps (YAML, whose calls ignore
 * {@code dependsOn}). Each id passed must be a service of this pool.
 */
public final class PoolFunction {
    public static final String TOKEN = ResourceKind.PACKAGE + ":index:getCapacityProvider";
    public static final String INSTANCE_COUNT = "instanceCount";
    /** The optional argument that orders the call after the pool's services (their ids). */
    public static final String SERVICES = "services";

    private PoolFunction() {}

    /** The function's outputs for pool {@code name} in {@code state}. */
    public static ObjectNode result(String cluster, String name, FleetState state) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put(ResourceKind.CLUSTER, cluster);
        out.put("name", name);
        JsonNode instances = Placements.instances(state, (Instance i) -> i.owner().equals(new Owner.CapacityProvider(name)));
        out.set(EndpointKind.INSTANCES, instances);
        out.put(INSTANCE_COUNT, instances.size());
        PoolCost.perHour(state, null, p -> name.equals(p.capacityProvider())).ifPresent(c -> out.put(PoolCost.COST_PER_HOUR, c));
        return out;
    }

    /**
     * The problems with the {@code services} argument: each must name a declared service of pool
     * {@code name} ({@code declared}: the cluster's fragments), as {@code CLUSTER/services/NAME}.
     */
    public static java.util.List<Failure> checkServices(String cluster, String name, JsonNode services,
                                                        java.util.SortedMap<String, ObjectNode> declared) {
        java.util.List<Failure> out = new java.util.ArrayList<>();
        if (services == null || services.isNull()) return out;
        if (!services.isArray()) {
            out.add(new Failure(SERVICES, "services is a list of service ids (CLUSTER/services/NAME)"));
            return out;
        }
        for (int i = 0; i < services.size(); i++) {
            String id = services.get(i).asString("");
            String prefix = cluster + "/" + Kinds.SERVICE.section() + "/";
            ObjectNode service = id.startsWith(prefix) ? declared.get(Kinds.SERVICE.key(id.substring(prefix.length()))) : null;
            if (service == null) {
                out.add(new Failure(SERVICES + "[" + i + "]", id + " is not a declared service of cluster " + cluster
                        + "; pass the id output of a gpushare Service (" + prefix + "NAME)"));
            } else if (!name.equals(service.path("capacityProvider").asString(""))) {
                out.add(new Failure(SERVICES + "[" + i + "]", id + " is placed on capacity provider "
                        + service.path("capacityProvider").asString("") + ", not " + name));
            }
        }
        return out;
    }

    /** The function's entry of the package schema. */
    public static ObjectNode schema(JsonNode clusterDescription) {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("description", "A capacity provider's instances, how many its placement needs (an Auto Scaling group's"
                + " desired capacity) and what they cost per hour, as the backend holds them when called. Call it with dependsOn the services placed"
                + " on the pool: the pool resource itself steps before them and carries no placement.");
        ObjectNode in = f.putObject("inputs");
        ObjectNode inProps = in.putObject("properties");
        inProps.set(ResourceKind.CLUSTER, prop("string", clusterDescription.asString()));
        inProps.set("name", prop("string", "The capacity provider's name."));
        inProps.set(SERVICES, array(type("string"), "Ids of services placed on the pool (their id outputs). A call runs once"
                + " its arguments are known, so passing them reads the pool after those services are placed; use it where"
                + " function calls take no dependsOn (YAML). Each must be a service of this pool."));
        ArrayNode inReq = in.putArray("required");
        inReq.add(ResourceKind.CLUSTER).add("name");
        ObjectNode out = f.putObject("outputs");
        ObjectNode outProps = out.putObject("properties");
        outProps.set(ResourceKind.CLUSTER, prop("string", "The cluster."));
        outProps.set("name", prop("string", "The capacity provider's name."));
        outProps.set(EndpointKind.INSTANCES, arrayOf("InstancePlacement",
                "The pool's instances and their GPUs."));
        outProps.set(INSTANCE_COUNT, prop("integer", "Instances the placement needs: the Auto Scaling group's desired capacity."));
        outProps.set(PoolCost.COST_PER_HOUR, prop("number", PoolCost.description("pool")));
        ArrayNode outReq = out.putArray("required");
        outReq.add(ResourceKind.CLUSTER).add("name").add(EndpointKind.INSTANCES).add(INSTANCE_COUNT);
        return f;
    }
}
