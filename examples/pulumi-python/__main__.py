"""The demo cluster of examples/pulumi-yaml as a Pulumi Python program.

An MPS pool with an embedding service, and a MIG endpoint with one model (two with addLlama).
Config: embedderCount (copies), layout (comma-separated MIG profiles of the endpoint, in order),
addLlama.
"""

from collections.abc import Sequence

import pulumi
import pulumi_gpushare as gpushare

config = pulumi.Config()
embedder_count = config.get_int("embedderCount") or 4
layout = (config.get("layout") or "mig-3g.20gb,mig-4g.20gb").split(",")
add_llama = config.get_bool("addLlama") or False
CLUSTER = "demo"

# 4 L4 GPUs per instance, shared with NVIDIA MPS
l4 = gpushare.CapacityProvider(
    "l4",
    cluster=CLUSTER,
    name="l4",
    instance_type="g6.12xlarge",
    max_instances=4,
    gpu_sharing=gpushare.GpuSharingArgs(strategy="MPS"),
)
embedder_task = gpushare.TaskDefinition(
    "embedderTask",
    cluster=CLUSTER,
    family="embedder",
    cpu=1024,
    memory=2048,
    containers=[
        gpushare.ContainerArgs(
            name="model",
            image="ghcr.io/acme/embedder:1.4",
            # 4096 MiB of GPU memory and at most 25 % of the GPU's compute, under MPS
            gpu={"nvidiaMps": {"memory": 4096, "maxComputePercent": 25}},
        )
    ],
)
# referring to the pool's and the task's outputs makes the engine create them first
embedder = gpushare.Service(
    "embedder",
    cluster=CLUSTER,
    name="embedder",
    task_definition=embedder_task.family,
    capacity_provider=l4.name,
    desired_count=embedder_count,
)
# 8 A100-40GB, each cut into a 3g.20gb and a 4g.20gb MIG instance
mig = gpushare.Endpoint(
    "mig",
    cluster=CLUSTER,
    name="mig",
    instance_type="ml.p4d.24xlarge",
    instance_count=1,
    partition_layout=layout,
)
gpt2 = gpushare.InferenceComponent(
    "gpt2",
    cluster=CLUSTER,
    name="gpt2",
    endpoint=mig.name,
    model="gpt2",
    partition_type="mig-4g.20gb",
    copy_count=1,
)
if add_llama:
    gpushare.InferenceComponent(
        "llama",
        cluster=CLUSTER,
        name="llama",
        endpoint=mig.name,
        model="llama-3-8b",
        partition_type="mig-3g.20gb",
        copy_count=1,
    )


def container_env(copies: Sequence[gpushare.outputs.CopyPlacement]) -> list[dict[str, object]]:
    """The environment each embedder container must be started with (CUDA_MPS_*, NVIDIA_VISIBLE_DEVICES)."""
    return [
        {"copy": c.copy, "instance": c.instance_id, "env": dict(c.containers[0].env or {}) if c.containers else {}}
        for c in copies
    ]


pulumi.export("embedderCopies", embedder.copies.apply(len))
pulumi.export("gpt2Copies", gpt2.copies.apply(len))
# what the endpoint's instances cost per hour at the catalog's On-Demand prices (docs/cost.md)
pulumi.export("migCostPerHour", mig.cost_per_hour)
pulumi.export("embedderEnv", embedder.copies.apply(container_env))
