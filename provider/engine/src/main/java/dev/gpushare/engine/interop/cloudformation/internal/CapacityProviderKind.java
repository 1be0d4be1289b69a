package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.engine.interop.ecs.EcsCapacityProviderExporter;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A capacity provider as ECS runs it. EC2: an {@code AWS::EC2::LaunchTemplate} (the GPU AMI, the
 * pool's instance type, joining the cluster), an {@code AWS::AutoScaling::AutoScalingGroup} whose
 * {@code DesiredCapacity} is the instance count of gpushare's placement and {@code MaxSize} the
 * pool's {@code maxInstances}, and an {@code AWS::ECS::CapacityProvider} with an
 * {@code AutoScalingGroupProvider} and managed scaling. Managed Instances: one
 * {@code AWS::ECS::CapacityProvider} with a {@code ManagedInstancesProvider} pinned to the instance
 * type, with {@code AutoRepairConfiguration} enabled.
 */
public final class CapacityProviderKind {
    /** What ECS managed scaling aims at: every instance busy, as gpushare's placement packs them. */
    static final int TARGET_CAPACITY = 100;

    private CapacityProviderKind() {}

    /** Adds the pool's resources; returns the capacity provider's logical id. */
    public static String add(TemplateBuilder b, int index, CapacityProvider cp, String clusterId) {
        String path = "/capacityProviders/" + index;
        String id = b.id(cp.name(), "CapacityProvider");
        ObjectNode p = Fn.object();
        if (EcsCapacityProviderExporter.nameAccepted(cp)) {
            p.put("Name", cp.name());
        } else {
            b.note(path + "/name", InteropCode.EXPORT_INCOMPLETE, "AWS::ECS::CapacityProvider " + id + " Name: ECS refuses names that"
                    + " start with aws, ecs or fargate, so the template leaves Name out and CloudFormation names it; rename '"
                    + cp.name() + "' in the spec to keep the name.");
        }
        int placed = b.instances(new Owner.CapacityProvider(cp.name()));
        if (b.input().capacity() == EcsCapacity.EC2) {
            String asg = autoScalingGroup(b, path, cp, clusterId, placed);
            ObjectNode provider = p.putObject("AutoScalingGroupProvider");
            provider.set("AutoScalingGroupArn", Fn.ref(asg));
            provider.putObject("ManagedScaling").put("Status", "ENABLED").put("TargetCapacity", TARGET_CAPACITY);
            provider.put("ManagedTerminationProtection", "DISABLED");
            provider.put("ManagedDraining", "ENABLED");
        } else {
            p.set("ClusterName", Fn.ref(clusterId));
            managedInstances(b, path, cp, p.putObject("ManagedInstancesProvider"), placed, id);
        }
        b.resource(id, "AWS::ECS::CapacityProvider", List.of(), p);
        return id;
    }

    private static String autoScalingGroup(TemplateBuilder b, String path, CapacityProvider cp, String clusterId, int placed) {
        String lt = b.id(cp.name(), "LaunchTemplate");
        ObjectNode ltp = Fn.object();
        ObjectNode data = ltp.putObject("LaunchTemplateData");
        data.set("ImageId", Fn.ref(EcsParameters.gpuAmi(b)));
        data.put("InstanceType", cp.instanceType());
        data.putObject("IamInstanceProfile").set("Arn", Fn.ref(EcsParameters.instanceProfile(b)));
        data.set("SecurityGroupIds", Fn.ref(EcsParameters.securityGroups(b)));
        data.set("UserData", Fn.base64(Fn.sub("#!/bin/bash\necho ECS_CLUSTER=${" + clusterId + "} >> /etc/ecs/ecs.config\n")));
        b.resource(lt, "AWS::EC2::LaunchTemplate", List.of(), ltp);

        String asg = b.id(cp.name(), "AutoScalingGroup");
        int max = cp.maxInstances();
        if (max == Integer.MAX_VALUE) {
            max = Math.max(1, Math.max(placed, cp.minInstances()));
            b.note(path, InteropCode.EXPORT_INCOMPLETE, "AWS::AutoScaling::AutoScalingGroup " + asg + " MaxSize: the pool sets no"
                    + " maxInstances, and a group needs a maximum; the template gives it the " + max + " instances gpushare's"
                    + " placement needs. Set maxInstances in the spec for room to scale out.");
        }
        int desired = Math.min(max, Math.max(placed, cp.minInstances()));
        ObjectNode gp = Fn.object();
        gp.put("MinSize", Integer.toString(cp.minInstances()));
        gp.put("MaxSize", Integer.toString(max));
        gp.put("DesiredCapacity", Integer.toString(desired));
        ObjectNode template = gp.putObject("LaunchTemplate");
        template.set("LaunchTemplateId", Fn.ref(lt));
        template.set("Version", Fn.getAtt(lt, "LatestVersionNumber"));
        gp.set("VPCZoneIdentifier", Fn.ref(EcsParameters.subnets(b)));
        gp.put("NewInstancesProtectedFromScaleIn", false);
        b.resource(asg, "AWS::AutoScaling::AutoScalingGroup", List.of(), gp);
        return asg;
    }

    private static void managedInstances(TemplateBuilder b, String path, CapacityProvider cp, ObjectNode mi, int placed, String id) {
        mi.set("InfrastructureRoleArn", Fn.ref(EcsParameters.infrastructureRole(b)));
        ObjectNode lt = mi.putObject("InstanceLaunchTemplate");
        lt.set("Ec2InstanceProfileArn", Fn.ref(EcsParameters.instanceProfile(b)));
        ObjectNode net = lt.putObject("NetworkConfiguration");
        net.set("Subnets", Fn.ref(EcsParameters.subnets(b)));
        net.set("SecurityGroups", Fn.ref(EcsParameters.securityGroups(b)));
        // InstanceRequirements needs vCPU and memory ranges; the pool's type pins both, and AllowedInstanceTypes the type.
        InstanceType type = b.input().resolved().catalog().instanceType(cp.instanceType()).orElseThrow();
        ObjectNode req = lt.putObject("InstanceRequirements");
        req.putObject("VCpuCount").put("Min", type.vcpus()).put("Max", type.vcpus());
        req.putObject("MemoryMiB").put("Min", type.memoryMiB()).put("Max", type.memoryMiB());
        req.putArray("AllowedInstanceTypes").add(cp.instanceType());
        mi.putObject("AutoRepairConfiguration").put("ActionsStatus", "ENABLED");
        b.note(path + "/maxInstances", InteropCode.EXPORT_NOT_MAPPED, "AWS::ECS::CapacityProvider " + id + " ManagedInstancesProvider"
                + " has no instance count: ECS launches the instances the tasks need (gpushare's placement needs " + placed + " of "
                + cp.instanceType() + ", at most " + (cp.maxInstances() == Integer.MAX_VALUE ? "unbounded" : cp.maxInstances())
                + "). Bound them with the services' desired counts, or export with --ecs-capacity ec2 for an Auto Scaling group of that size.");
    }
}
