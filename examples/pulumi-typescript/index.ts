// The demo cluster of examples/pulumi-yaml as a Pulumi TypeScript program: an MPS pool with an
// embedding service, and a MIG endpoint with one model (two with addLlama). Config: embedderCount
// (copies), layout (comma-separated MIG profiles of the endpoint, in order), addLlama.
import * as pulumi from "@pulumi/pulumi";
import * as gpushare from "@gpushare/pulumi";

const config = new pulumi.Config();
const embedderCount = config.getNumber("embedderCount") ?? 4;
const layout = (config.get("layout") ?? "mig-3g.20gb,mig-4g.20gb").split(",");
const addLlama = config.getBoolean("addLlama") ?? false;
const cluster = "demo";

// 4 L4 GPUs per instance, shared with NVIDIA MPS
const l4 = new gpushare.CapacityProvider("l4", {
    cluster,
    name: "l4",
    instanceType: "g6.12xlarge",
    maxInstances: 4,
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
// referring to the pool's and the task's outputs makes the engine create them first
const embedder = new gpushare.Service("embedder", {
    cluster,
    name: "embedder",
    taskDefinition: embedderTask.family,
    capacityProvider: l4.name,
    desiredCount: embedderCount,
});
// 8 A100-40GB, each cut into a 3g.20gb and a 4g.20gb MIG instance
const mig = new gpushare.Endpoint("mig", {
    cluster,
    name: "mig",
    instanceType: "ml.p4d.24xlarge",
    instanceCount: 1,
    partitionLayout: layout,
});
const gpt2 = new gpushare.InferenceComponent("gpt2", {
    cluster,
    name: "gpt2",
    endpoint: mig.name,
    model: "gpt2",
    partitionType: "mig-4g.20gb",
    copyCount: 1,
});
if (addLlama) {
    new gpushare.InferenceComponent("llama", {
        cluster,
        name: "llama",
        endpoint: mig.name,
        model: "llama-3-8b",
        partitionType: "mig-3g.20gb",
        copyCount: 1,
    });
}

export const embedderCopies = embedder.copies.apply(copies => copies.length);
export const gpt2Copies = gpt2.copies.apply(copies => copies.length);
// what the endpoint's instances cost per hour at the catalog's On-Demand prices (docs/cost.md)
export const migCostPerHour = mig.costPerHour;
// the environment each embedder container must be started with (CUDA_MPS_*, NVIDIA_VISIBLE_DEVICES)
export const embedderEnv = embedder.copies.apply(copies =>
    copies.map(copy => ({ copy: copy.copy, instance: copy.instanceId, env: copy.containers?.[0]?.env ?? {} })));
