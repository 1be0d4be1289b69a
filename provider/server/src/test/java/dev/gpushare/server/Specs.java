package dev.gpushare.server;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;

/** Specs for the server tests: MPS services on a pool of g6.12xlarge (4 × L4, 22888 MiB each). */
final class Specs {
    private Specs() {}

    /**
     * {@code services} services of {@code copies} copies each, every copy an 8192 MiB MPS share
     * (two fit on an L4), on a pool of at least {@code minInstances} instances.
     */
    static String yaml(String cluster, int minInstances, int services, int copies) {
        StringBuilder sb = new StringBuilder();
        sb.append("apiVersion: gpushare.dev/v1\ncluster: ").append(cluster).append('\n');
        sb.append("capacityProviders:\n  - name: l4-mps\n    instanceType: g6.12xlarge\n    minInstances: ")
                .append(minInstances).append("\n    gpuSharing: {strategy: MPS, maxClientsPerGpu: 8}\n");
        sb.append("taskDefinitions:\n");
        for (int i = 0; i < services; i++) {
            sb.append("  - family: svc-").append(i).append("\n    cpu: 1024\n    memory: 2048\n    containers:\n")
                    .append("      - name: model\n        image: ghcr.io/acme/model:1\n")
                    .append("        gpu: {nvidiaMps: {memory: 8192, maxComputePercent: 40}}\n");
        }
        sb.append("services:\n");
        for (int i = 0; i < services; i++) {
            sb.append("  - name: svc-").append(i).append("\n    taskDefinition: svc-").append(i)
                    .append("\n    capacityProvider: l4-mps\n    desiredCount: ").append(copies).append('\n');
        }
        return sb.toString();
    }

    static Spec spec(String cluster, int minInstances, int services, int copies) {
        ValidationReport r = SpecValidator.validateText("spec.yaml", yaml(cluster, minInstances, services, copies));
        if (!r.valid()) throw new IllegalStateException("test spec is invalid: " + r.problems());
        return r.spec();
    }
}
