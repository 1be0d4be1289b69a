package dev.gpushare.bench.service;

/**
 * Specs of the service benchmark as the JSON a client sends: {@code services} MPS services of
 * {@code copies} copies each, every copy an 8,192 MiB share (two per L4), on a g6.12xlarge pool
 * (4 × L4) of at least {@code instances} instances. 250 instances and 2,000 copies: 1,000 GPUs,
 * each carrying two copies.
 */
final class ClusterSpecs {
    private ClusterSpecs() {}

    static String json(String cluster, int instances, int services, int copies) {
        StringBuilder sb = new StringBuilder(256 + services * 400);
        sb.append("{\"apiVersion\":\"gpushare.dev/v1\",\"cluster\":\"").append(cluster).append("\",")
                .append("\"capacityProviders\":[{\"name\":\"l4-mps\",\"instanceType\":\"g6.12xlarge\",\"minInstances\":")
                .append(instances).append(",\"gpuSharing\":{\"strategy\":\"MPS\",\"maxClientsPerGpu\":8}}],")
                .append("\"taskDefinitions\":[");
        for (int i = 0; i < services; i++) {
            if (i > 0) sb.append(',');
            sb.append("{\"family\":\"svc-").append(i).append("\",\"cpu\":1024,\"memory\":2048,\"containers\":[{\"name\":\"model\",")
                    .append("\"image\":\"ghcr.io/acme/model:1\",\"gpu\":{\"nvidiaMps\":{\"memory\":8192,\"maxComputePercent\":40}}}]}");
        }
        sb.append("],\"services\":[");
        for (int i = 0; i < services; i++) {
            if (i > 0) sb.append(',');
            sb.append("{\"name\":\"svc-").append(i).append("\",\"taskDefinition\":\"svc-").append(i)
                    .append("\",\"capacityProvider\":\"l4-mps\",\"desiredCount\":").append(copies).append('}');
        }
        return sb.append("]}").toString();
    }
}
