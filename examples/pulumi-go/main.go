// The demo cluster of examples/pulumi-yaml as a Pulumi Go program: an MPS pool with an embedding
// service, and a MIG endpoint with one model (two with addLlama). Config: embedderCount (copies),
// layout (comma-separated MIG profiles of the endpoint, in order), addLlama.
package main

import (
	"strings"

	"github.com/gpushare/gpushare/provider/pulumi/sdk/go/gpushare"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

const cluster = "demo"

func main() {
	pulumi.Run(stack)
}

func stack(ctx *pulumi.Context) error {
	conf := config.New(ctx, "")
	embedderCount := 4
	if n, err := conf.TryInt("embedderCount"); err == nil {
		embedderCount = n
	}
	layout := "mig-3g.20gb,mig-4g.20gb"
	if l, err := conf.Try("layout"); err == nil {
		layout = l
	}
	addLlama := conf.GetBool("addLlama")

	// 4 L4 GPUs per instance, shared with NVIDIA MPS
	l4, err := gpushare.NewCapacityProvider(ctx, "l4", &gpushare.CapacityProviderArgs{
		Cluster:      pulumi.String(cluster),
		Name:         pulumi.String("l4"),
		InstanceType: pulumi.String("g6.12xlarge"),
		MaxInstances: pulumi.Int(4),
		GpuSharing:   &gpushare.GpuSharingArgs{Strategy: pulumi.String("MPS")},
	})
	if err != nil {
		return err
	}
	task, err := gpushare.NewTaskDefinition(ctx, "embedderTask", &gpushare.TaskDefinitionArgs{
		Cluster: pulumi.String(cluster),
		Family:  pulumi.String("embedder"),
		Cpu:     pulumi.Int(1024),
		Memory:  pulumi.Int(2048),
		Containers: gpushare.ContainerArray{
			&gpushare.ContainerArgs{
				Name:  pulumi.String("model"),
				Image: pulumi.String("ghcr.io/acme/embedder:1.4"),
				// 4096 MiB of GPU memory and at most 25 % of the GPU's compute, under MPS
				Gpu: pulumi.Any(map[string]any{"nvidiaMps": map[string]any{"memory": 4096, "maxComputePercent": 25}}),
			},
		},
	})
	if err != nil {
		return err
	}
	// referring to the pool's and the task's outputs makes the engine create them first
	embedder, err := gpushare.NewService(ctx, "embedder", &gpushare.ServiceArgs{
		Cluster:          pulumi.String(cluster),
		Name:             pulumi.String("embedder"),
		TaskDefinition:   task.Family,
		CapacityProvider: l4.Name,
		DesiredCount:     pulumi.Int(embedderCount),
	})
	if err != nil {
		return err
	}
	// 8 A100-40GB, each cut into a 3g.20gb and a 4g.20gb MIG instance
	mig, err := gpushare.NewEndpoint(ctx, "mig", &gpushare.EndpointArgs{
		Cluster:         pulumi.String(cluster),
		Name:            pulumi.String("mig"),
		InstanceType:    pulumi.String("ml.p4d.24xlarge"),
		InstanceCount:   pulumi.Int(1),
		PartitionLayout: pulumi.ToStringArray(strings.Split(layout, ",")),
	})
	if err != nil {
		return err
	}
	gpt2, err := gpushare.NewInferenceComponent(ctx, "gpt2", &gpushare.InferenceComponentArgs{
		Cluster:       pulumi.String(cluster),
		Name:          pulumi.String("gpt2"),
		Endpoint:      mig.Name,
		Model:         pulumi.String("gpt2"),
		PartitionType: pulumi.String("mig-4g.20gb"),
		CopyCount:     pulumi.Int(1),
	})
	if err != nil {
		return err
	}
	if addLlama {
		if _, err := gpushare.NewInferenceComponent(ctx, "llama", &gpushare.InferenceComponentArgs{
			Cluster:       pulumi.String(cluster),
			Name:          pulumi.String("llama"),
			Endpoint:      mig.Name,
			Model:         pulumi.String("llama-3-8b"),
			PartitionType: pulumi.String("mig-3g.20gb"),
			CopyCount:     pulumi.Int(1),
		}); err != nil {
			return err
		}
	}

	ctx.Export("embedderCopies", embedder.Copies.ApplyT(func(c []gpushare.CopyPlacement) int { return len(c) }))
	ctx.Export("gpt2Copies", gpt2.Copies.ApplyT(func(c []gpushare.CopyPlacement) int { return len(c) }))
	// what the endpoint's instances cost per hour at the catalog's On-Demand prices (docs/cost.md)
	ctx.Export("migCostPerHour", mig.CostPerHour)
	// the environment each embedder container must be started with (CUDA_MPS_*, NVIDIA_VISIBLE_DEVICES)
	ctx.Export("embedderEnv", embedder.Copies.ApplyT(func(copies []gpushare.CopyPlacement) []map[string]any {
		envs := make([]map[string]any, 0, len(copies))
		for _, c := range copies {
			env := map[string]string{}
			if len(c.Containers) > 0 {
				env = c.Containers[0].Env
			}
			envs = append(envs, map[string]any{"copy": c.Copy, "instance": c.InstanceId, "env": env})
		}
		return envs
	}))
	return nil
}
