// gpushare plans the GPU sharing, @pulumi/aws deploys it. The demo cluster of examples/pulumi-typescript
// (an MPS pool with an embedding service, a MIG endpoint with one model), each gpushare resource
// feeding the AWS resource that runs it with the outputs that resource takes as they are:
//   TaskDefinition  ecsContainerDefinitions, ecsCpu, ecsMemory, ecsRequiresCompatibilities → ecs.TaskDefinition
//   getCapacityProvider  instanceCount → the Auto Scaling group's desiredCapacity
//   Service  desiredCount → ecs.Service
//   Endpoint  productionVariant → sagemaker.EndpointConfiguration productionVariants[0]
// What @pulumi/aws 7.48.0 has no input for (a variant's MIG layout, inference components) is
// exported at the end instead. See docs/pulumi-aws.md. CI type-checks this program against
// @pulumi/aws's own types (tsc --noEmit, AwsTypeScriptExampleCheckTest); nothing runs it here.
import * as pulumi from "@pulumi/pulumi";
// sub-paths, not "@pulumi/aws": tsc then reads only these services' types (about 15 s, not 25)
import * as autoscaling from "@pulumi/aws/autoscaling";
import * as ec2 from "@pulumi/aws/ec2";
import * as ecs from "@pulumi/aws/ecs";
import * as sagemaker from "@pulumi/aws/sagemaker";
import * as gpushare from "@gpushare/pulumi";

const config = new pulumi.Config();
// what AWS needs and gpushare does not know
const ecsGpuAmi = config.require("ecsGpuAmi");                     // an ECS GPU-optimized AMI id
const ecsInstanceProfile = config.require("ecsInstanceProfile");   // the container instances' IAM profile
const subnetIds = config.requireObject<string[]>("subnetIds");     // where the Auto Scaling group runs
const sagemakerRoleArn = config.require("sagemakerRoleArn");       // the role SageMaker hosts components with
const cluster = "demo";
const minInstances = 1;
const maxInstances = 4;

// ---- gpushare: the cluster, checked and placed -------------------------------------------------

// 4 L4 GPUs per instance, shared with NVIDIA MPS
const l4 = new gpushare.CapacityProvider("l4", {
    cluster,
    name: "l4",
    instanceType: "g6.12xlarge",
    minInstances,
    maxInstances,
    gpuSharing: { strategy: "MPS" },
});
const embedderTask = new gpushare.TaskDefinition("embedderTask", {
    cluster,
    family: "embedder",
    cpu: 1024,
    memory: 2048,
    containers: [{
        name: "model",
        image: "ghcr.io/acme/embedder:1.4",
        // 4096 MiB of GPU memory and at most 25 % of the GPU's compute, under MPS
        gpu: { nvidiaMps: { memory: 4096, maxComputePercent: 25 } },
    }],
});
const embedder = new gpushare.Service("embedder", {
    cluster,
    name: "embedder",
    // the revision, so that the service follows a replaced task definition
    taskDefinition: embedderTask.revision,
    capacityProvider: l4.name,
    desiredCount: 4,
});
// 8 A100-40GB, each cut into a 3g.20gb and a 4g.20gb MIG instance
const mig = new gpushare.Endpoint("mig", {
    cluster,
    name: "mig",
    instanceType: "ml.p4d.24xlarge",
    instanceCount: 1,
    partitionLayout: ["mig-3g.20gb", "mig-4g.20gb"],
});
const gpt2 = new gpushare.InferenceComponent("gpt2", {
    cluster,
    name: "gpt2",
    endpoint: mig.name,
    model: "gpt2",
    partitionType: "mig-4g.20gb",
    copyCount: 1,
});

// ---- ECS: the task definition, the group gpushare sized, the service ------------------------------

// An output gpushare leaves out where AWS has no form for the input (ecsContainerDefinitions of a
// task that asks for a MIG partition): stop the deployment saying so, rather than hand AWS nothing.
function present(value: pulumi.Output<string | undefined>, what: string): pulumi.Output<string> {
    return value.apply(v => {
        if (v === undefined) throw new Error(`${what} is absent: ECS has no form for it (docs/pulumi-aws.md)`);
        return v;
    });
}

const ecsCluster = new ecs.Cluster("demo", { name: cluster });
const embedderTaskDefinition = new ecs.TaskDefinition("embedder", {
    family: embedderTask.family,
    // RegisterTaskDefinition's containerDefinitions: GPU resourceRequirements, MPS as sharingStrategy.nvidiaMps
    containerDefinitions: present(embedderTask.ecsContainerDefinitions, "embedder's ecsContainerDefinitions"),
    cpu: embedderTask.ecsCpu,
    memory: embedderTask.ecsMemory,
    requiresCompatibilities: embedderTask.ecsRequiresCompatibilities,
});

const l4Template = new ec2.LaunchTemplate("l4", {
    namePrefix: `${cluster}-l4-`,
    imageId: ecsGpuAmi,
    instanceType: l4.instanceType,
    iamInstanceProfile: { name: ecsInstanceProfile },
    userData: ecsCluster.name.apply(name =>
        Buffer.from(`#!/bin/bash\necho ECS_CLUSTER=${name} >> /etc/ecs/ecs.config\n`).toString("base64")),
});
// the pool as the backend holds it after the services on it are placed: how many instances they need
const l4Placement = gpushare.getCapacityProviderOutput({ cluster, name: l4.name, services: [embedder.id] });
const l4Group = new autoscaling.Group("l4", {
    name: `${cluster}-l4`, // the name gpushare export ecs gives the pool's group
    launchTemplate: { id: l4Template.id, version: "$Latest" },
    vpcZoneIdentifiers: subnetIds,
    minSize: minInstances,
    maxSize: maxInstances,
    desiredCapacity: l4Placement.instanceCount,
});
const l4Provider = new ecs.CapacityProvider("l4", {
    name: l4.name,
    autoScalingGroupProvider: {
        autoScalingGroupArn: l4Group.arn,
        // gpushare sizes the group (desiredCapacity above). ECS managed scaling would size it as
        // well (gpushare export ecs turns it on, leaving the group to ECS): use one of the two.
        managedScaling: { status: "DISABLED" },
        managedTerminationProtection: "DISABLED",
    },
});
const clusterProviders = new ecs.ClusterCapacityProviders("demo", {
    clusterName: ecsCluster.name,
    capacityProviders: [l4Provider.name],
});
new ecs.Service("embedder", {
    name: embedder.name,
    cluster: ecsCluster.arn,
    taskDefinition: embedderTaskDefinition.arn,
    desiredCount: embedder.desiredCount,
    capacityProviderStrategies: [{ capacityProvider: l4Provider.name, weight: 1 }],
}, { dependsOn: [clusterProviders] });

// ---- SageMaker: the endpoint's variant ------------------------------------------------------------

const migConfig = new sagemaker.EndpointConfiguration("mig", {
    // inference components carry the models, so the variant names none and SageMaker needs a role
    executionRoleArn: sagemakerRoleArn,
    productionVariants: [{
        variantName: mig.productionVariant.variantName,
        instanceType: mig.productionVariant.instanceType,
        initialInstanceCount: mig.productionVariant.initialInstanceCount,
        // acceleratorPartitionLayouts: not an input of @pulumi/aws 7.48.0 (tsc rejects it); see below
    }],
});
new sagemaker.Endpoint("mig", { name: mig.name, endpointConfigName: migConfig.name });
mig.productionVariant.apply(v => {
    if (v.acceleratorPartitionLayouts !== undefined) {
        pulumi.log.warn(`endpoint ${v.variantName}: @pulumi/aws cannot set its MIG layout, so this configuration `
            + `gives whole GPUs; create the endpoint configuration from gpushare export sagemaker (docs/pulumi-aws.md)`, migConfig);
    }
});

// ---- What @pulumi/aws 7.48.0 cannot take --------------------------------------------------------

// The variant's AcceleratorPartitionLayouts (CreateEndpointConfig), and CreateInferenceComponent's
// Specification and RuntimeConfig: @pulumi/aws has no inference component resource.
export const migAcceleratorPartitionLayouts = mig.productionVariant.acceleratorPartitionLayouts;
export const gpt2Specification = gpt2.specification;
export const gpt2RuntimeConfig = gpt2.runtimeConfig;
export const l4InstanceCount = l4Placement.instanceCount;
// what the pool's and the endpoint's instances cost per hour at the catalog's On-Demand prices (docs/cost.md)
export const l4CostPerHour = l4Placement.costPerHour;
export const migCostPerHour = mig.costPerHour;
