package dev.gpushare.pulumi;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code pulumi up} of generated YAML programs on the real engine (docs/benchmarks.md, issue 12):
 * per size, S services each with its own task definition on one MPS pool (2·S + 1 resources and the
 * stack), timed for the first {@code up}, a {@code preview} with nothing to do, an {@code up} that
 * scales one service, and {@code destroy}. Prints one row per size and the machine's load; no
 * assertions. Needs the CLI (scripts/build-pulumi-cli) and the plugin ({@code mvn -pl provider/pulumi
 * -am package}). Run from provider/pulumi: {@code java -cp <test classpath>
 * dev.gpushare.pulumi.PulumiUpBenchmark [services…]} (default 25 50 100 200).
 */
public final class PulumiUpBenchmark {
    public static void main(String[] args) throws Exception {
        Path bin = PulumiCli.find("pulumi-language-yaml");
        if (bin == null) throw new IllegalStateException("Pulumi CLI not built: run scripts/build-pulumi-cli");
        if (!PluginProcess.built()) throw new IllegalStateException("target/plugin not built: mvn -pl provider/pulumi -am package");
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a));
        if (sizes.isEmpty()) sizes.addAll(List.of(25, 50, 100, 200));

        System.out.printf(Locale.ROOT, "%8s %9s %10s %10s %12s %10s %14s%n", "services", "resources", "first up",
                "preview", "scale one", "destroy", "up per resource");
        for (int services : sizes) {
            Path work = Files.createTempDirectory("pulumi-bench-");
            Path program = Files.createDirectories(work.resolve("program"));
            PulumiCli pulumi = new PulumiCli(bin, work);
            Files.writeString(program.resolve("Pulumi.yaml"), program(services, -1));
            check(pulumi.run(program, "stack", "init", "bench"), "stack init");
            double up = timed(() -> check(pulumi.run(program, "up", "--yes", "--skip-preview"), "up"));
            double preview = timed(() -> check(pulumi.run(program, "preview", "--expect-no-changes"), "preview"));
            Files.writeString(program.resolve("Pulumi.yaml"), program(services, 0));
            double scale = timed(() -> check(pulumi.run(program, "up", "--yes", "--skip-preview"), "scale up"));
            double destroy = timed(() -> check(pulumi.run(program, "destroy", "--yes", "--skip-preview"), "destroy"));
            int resources = 2 * services + 1;
            System.out.printf(Locale.ROOT, "%8d %9d %9.1fs %9.1fs %11.1fs %9.1fs %12.0f ms%n", services, resources, up,
                    preview, scale, destroy, up * 1000 / resources);
        }
        System.out.printf(Locale.ROOT, "load average %.2f on %d CPUs%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
    }

    /** The program: one pool sized for every copy, S task definitions and services of 2 copies each. */
    static String program(int services, int scaled) {
        StringBuilder sb = new StringBuilder("""
                name: gpushare-bench
                runtime: yaml
                plugins:
                  providers:
                    - name: gpushare
                      path: %s
                resources:
                  pool:
                    type: gpushare:index:CapacityProvider
                    properties:
                      cluster: bench
                      name: pool
                      instanceType: g6.12xlarge
                      maxInstances: %d
                      gpuSharing:
                        strategy: MPS
                """.formatted(PluginProcess.LAUNCHER.toAbsolutePath().getParent(), services));
        for (int s = 0; s < services; s++) {
            sb.append("""
                      task%1$d:
                        type: gpushare:index:TaskDefinition
                        properties:
                          cluster: bench
                          family: model-%1$d
                          cpu: 1024
                          memory: 2048
                          containers:
                            - name: model
                              image: ghcr.io/acme/model-%1$d:1
                              gpu:
                                nvidiaMps:
                                  memory: 4096
                                  maxComputePercent: 25
                      service%1$d:
                        type: gpushare:index:Service
                        properties:
                          cluster: bench
                          name: model-%1$d
                          taskDefinition: ${task%1$d.family}
                          capacityProvider: ${pool.name}
                          desiredCount: %2$d
                    """.formatted(s, s == scaled ? 3 : 2));
        }
        return sb.toString();
    }

    interface Step {
        void run() throws Exception;
    }

    static double timed(Step step) throws Exception {
        long t = System.nanoTime();
        step.run();
        return (System.nanoTime() - t) / 1e9;
    }

    static void check(PulumiCli.Result r, String what) {
        if (r.exitCode() != 0) throw new IllegalStateException(what + " failed (exit " + r.exitCode() + "):\n" + r.output());
    }
}
