package dev.gpushare.pulumi;

import dev.gpushare.pulumi.EngineDriver.Res;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The provider's own share of {@code pulumi up} as the program grows, without the Pulumi CLI: the
 * engine's call order ({@link EngineDriver}, one call at a time) on the program of
 * {@link PulumiUpBenchmark} (a pool, S task definitions, S services of 2 MPS copies: 2·S + 1
 * resources), in process. Prints per size the first up, a preview with nothing changed, an up that
 * scales one service, per resource, and the machine's load. Run with the test class path:
 * {@code java -cp … dev.gpushare.pulumi.InProcessUpBench [services…]} (default 27 207 1007).
 */
public final class InProcessUpBench {
    public static void main(String[] args) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a));
        if (sizes.isEmpty()) sizes.addAll(List.of(27, 207, 1007));
        System.out.printf(Locale.ROOT, "%8s %9s %10s %10s %10s %14s %6s%n", "services", "resources", "first up", "preview",
                "scale one", "up/resource", "load");
        for (int services : sizes) {
            Path dir = Files.createTempDirectory("inproc-bench-");
            String name = InProcessServerBuilder.generateName();
            Server server = InProcessServerBuilder.forName(name).directExecutor().addService(new GpushareProvider(dir.toString())).build().start();
            ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
            try {
                EngineDriver engine = new EngineDriver(pulumirpc.ResourceProviderGrpc.newBlockingStub(channel));
                engine.start("{\"backend\":\"file:" + dir.resolve("state.db") + "\"}", dir.toString());
                double up = PulumiUpBenchmark.timed(() -> engine.up(program(services, -1)));
                double preview = PulumiUpBenchmark.timed(() -> engine.preview(program(services, -1)));
                double scale = PulumiUpBenchmark.timed(() -> engine.up(program(services, 0)));
                int resources = 2 * services + 1;
                System.out.printf(Locale.ROOT, "%8d %9d %9.2fs %9.2fs %9.2fs %11.2f ms %6.2f%n", services, resources, up, preview,
                        scale, up * 1000 / resources, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            } finally {
                channel.shutdownNow();
                server.shutdownNow();
            }
        }
    }

    static List<Res> program(int services, int scaled) {
        List<Res> p = new ArrayList<>();
        p.add(new Res("CapacityProvider", "pool", """
                {"cluster":"bench","name":"pool","instanceType":"g6.12xlarge","maxInstances":%d,"gpuSharing":{"strategy":"MPS"}}"""
                .formatted(services)));
        for (int s = 0; s < services; s++) {
            p.add(new Res("TaskDefinition", "task" + s, """
                    {"cluster":"bench","family":"model-%1$d","cpu":1024,"memory":2048,"containers":[{"name":"model",
                     "image":"ghcr.io/acme/model-%1$d:1","gpu":{"nvidiaMps":{"memory":4096,"maxComputePercent":25}}}]}""".formatted(s)));
            p.add(new Res("Service", "service" + s, """
                    {"cluster":"bench","name":"model-%d","taskDefinition":"${task%d.family}","capacityProvider":"${pool.name}","desiredCount":%d}"""
                    .formatted(s, s, s == scaled ? 3 : 2)));
        }
        return p;
    }
}
