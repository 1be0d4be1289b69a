package dev.gpushare.cli;

/**
 * The rollout tests' fleet: one service {@code embedder} of MPS copies of 5,470 MiB (4 per L4 of a
 * g6.12xlarge, 683 MiB left on each), minimumHealthyPercent 75, on capacity provider {@code l4}.
 */
final class EmbedderSpec {
    private EmbedderSpec() {}

    /** The spec text of cluster {@code cluster} with image tag {@code tag}. */
    static String yaml(String cluster, int maxInstances, int desiredCount, String tag) {
        return """
                apiVersion: gpushare.dev/v1
                cluster: %s
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: %d}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - {name: model, image: "ghcr.io/acme/embedder:%s", gpu: {nvidiaMps: {memory: 5470, maxComputePercent: 25}}}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: %d
                    deploymentConfiguration: {minimumHealthyPercent: 75}
                """.formatted(cluster, maxInstances, tag, desiredCount);
    }
}
