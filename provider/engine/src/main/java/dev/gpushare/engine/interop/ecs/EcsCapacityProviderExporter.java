package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Spec;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * A capacity provider as the {@code CreateCapacityProvider} request of an Auto Scaling group
 * provider with managed scaling. The spec does not hold the group itself: the request names it
 * {@code CLUSTER-POOL} (ECS takes a group's name or ARN), and the export notes what the group
 * must be (instance type, min and max).
 */
public final class EcsCapacityProviderExporter {
    /** Prefixes ECS refuses in capacity provider names. */
    static final String[] RESERVED_PREFIXES = {"aws", "ecs", "fargate"};

    private EcsCapacityProviderExporter() {}

    /** Whether ECS can run what the pool shares: MPS, whole GPUs or fractional slices (not MIG, not time-slicing). */
    public static boolean mapsToEcs(CapacityProvider cp) {
        return switch (cp.gpuSharing()) {
            case null -> true;
            case GpuSharing.Mps m -> true;
            case GpuSharing.Exclusive e -> true;
            case GpuSharing.Mig m -> false;
            case GpuSharing.TimeSlicing t -> false;
        };
    }

    /** The Auto Scaling group the request names. */
    public static String autoScalingGroupName(Spec spec, CapacityProvider cp) {
        return spec.cluster() + "-" + cp.name();
    }

    /** Whether ECS accepts the pool's name (it refuses names starting with aws, ecs or fargate). */
    public static boolean nameAccepted(CapacityProvider cp) {
        String lower = cp.name().toLowerCase(Locale.ROOT);
        for (String p : RESERVED_PREFIXES) if (lower.startsWith(p)) return false;
        return true;
    }

    public static ObjectNode createCapacityProvider(Spec spec, CapacityProvider cp) {
        ObjectNode n = CloudJson.object();
        n.put("name", cp.name());
        ObjectNode asg = n.putObject("autoScalingGroupProvider");
        asg.put("autoScalingGroupArn", autoScalingGroupName(spec, cp));
        asg.putObject("managedScaling").put("status", "ENABLED").put("targetCapacity", 100);
        asg.put("managedTerminationProtection", "DISABLED");
        return n;
    }
}
