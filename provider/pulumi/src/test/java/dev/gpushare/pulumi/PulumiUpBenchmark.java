package dev.gpushare.pulumi;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code pulumi up} of generated YAML programs on the real engine (docs/benchmarks.md, issues 12 and
 * 24): per size, S services each with its own task definition (2 MPS copies) on one pool (2·S + 1
 * resources and the stack), timed for the first {@code up}, a {@code preview} with nothing to do,
 * an {@code up} that scales one service, and {@code destroy}. Prints one row per size and plugin
 * with the machine's load; no assertions. Needs the CLI (scripts/build-pulumi-cli) and the plugin
 * ({@code mvn -pl provider/pulumi -am package}). Run from provider/pulumi:
 * {@code java -cp <test classpath> dev.gpushare.pulumi.PulumiUpBenchmark [services…]} (default 27 207 1007:
 * 55, 415 and 2,015 resources).
 *
 * <p>System properties: {@code bench.plugins=NAME=DIR,NAME=DIR} compares plugin directories (e.g. one
 * built from an older commit in a git worktree), run one after the other for each size (default:
 * {@code this=target/plugin}); {@code bench.grpc=true} records the engine's gRPC log
 * ({@code PULUMI_DEBUG_GRPC}) of each first {@code up} and preview and prints, per provider method, the calls and
 * the time the engine waited for them — where the time goes (a JFR recording cannot be started
 * from the launcher's options: the JVM prints its start on stdout, where only the port may go; profile
 * the provider in process with {@link InProcessUpBench} instead); {@code bench.env=NAME=VALUE,…} sets
 * variables for the CLI (e.g. {@code PULUMI_SKIP_CHECKPOINTS=true}, to see the engine's own
 * checkpointing apart; {@code GPUSHARE_PULUMI_DAEMON=on} for the provider daemon);
 * {@code bench.previewRounds=N} then times N rounds of three more previews, interleaved so that the
 * machine's load falls on each alike: with the provider daemon stopped before it (the first operation
 * of a day: the launcher serves it in a JVM of its own and starts the daemon), with it warm (the
 * benchmark waits for the daemon to be warm first), and without it (one plugin JVM per operation); each row ends with the
 * daemons and sessions the run's log shows.
 */
public final class PulumiUpBenchmark {
    public static void main(String[] args) throws Exception {
        Path bin = PulumiCli.find("pulumi-language-yaml");
        if (bin == null) throw new IllegalStateException("Pulumi CLI not built: run scripts/build-pulumi-cli");
        Map<String, Path> plugins = plugins(System.getProperty("bench.plugins", "this=" + PluginProcess.LAUNCHER.getParent()));
        boolean grpc = Boolean.getBoolean("bench.grpc");
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a));
        if (sizes.isEmpty()) sizes.addAll(List.of(27, 207, 1007));

        System.out.printf(Locale.ROOT, "%-10s %8s %9s %10s %10s %12s %10s %14s %12s%n", "plugin", "services", "resources",
                "first up", "preview", "scale one", "destroy", "up per resource", "load");
        for (int services : sizes) {
            for (Map.Entry<String, Path> plugin : plugins.entrySet()) {
                double loadBefore = load();
                Path work = Files.createTempDirectory("pulumi-bench-");
                Path program = Files.createDirectories(work.resolve("program"));
                PulumiCli pulumi = new PulumiCli(bin, work);
                for (String kv : System.getProperty("bench.env", "").split(",")) {
                    if (kv.contains("=")) pulumi.env(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
                }
                String daemonSwitch = pulumi.envValue("GPUSHARE_PULUMI_DAEMON");
                Path grpcLog = work.resolve("grpc.json");
                Files.writeString(program.resolve("Pulumi.yaml"), program(plugin.getValue(), services, -1));
                check(pulumi.run(program, "stack", "init", "bench"), "stack init");
                if (grpc) pulumi.env("PULUMI_DEBUG_GRPC", grpcLog.toString());
                double up = timed(() -> check(pulumi.run(program, "up", "--yes", "--skip-preview"), "up"));
                Path previewLog = work.resolve("grpc-preview.json");
                pulumi.env("PULUMI_DEBUG_GRPC", grpc ? previewLog.toString() : "");
                double preview = timed(() -> check(pulumi.run(program, "preview", "--expect-no-changes"), "preview"));
                pulumi.env("PULUMI_DEBUG_GRPC", "");
                String daemons = daemonSummary(); // of the up and the preview
                List<String> rounds = new ArrayList<>();
                // an older plugin (bench.plugins) may have no daemon: its rounds would time the same thing three times
                boolean hasDaemon = Files.readString(plugin.getValue().resolve("pulumi-resource-gpushare")).contains("GPUSHARE_PULUMI_DAEMON");
                for (int round = 0; hasDaemon && round < Integer.getInteger("bench.previewRounds", 0); round++) {
                    TestDaemons.stopAll();
                    pulumi.env("GPUSHARE_PULUMI_DAEMON", "on");
                    double cold = timed(() -> check(pulumi.run(program, "preview", "--expect-no-changes"), "cold preview"));
                    if (!TestDaemons.awaitWarm(TestDaemons.base())) throw new IllegalStateException("no warm daemon");
                    double warm = timed(() -> check(pulumi.run(program, "preview", "--expect-no-changes"), "warm preview"));
                    pulumi.env("GPUSHARE_PULUMI_DAEMON", "off");
                    double off = timed(() -> check(pulumi.run(program, "preview", "--expect-no-changes"), "preview, daemon off"));
                    pulumi.env("GPUSHARE_PULUMI_DAEMON", daemonSwitch); // as bench.env set it
                    rounds.add(String.format(Locale.ROOT, "  preview: daemon cold %.1fs, warm %.1fs, off %.1fs (load %.1f)",
                            cold, warm, off, load()));
                }
                Files.writeString(program.resolve("Pulumi.yaml"), program(plugin.getValue(), services, 0));
                double scale = timed(() -> check(pulumi.run(program, "up", "--yes", "--skip-preview"), "scale up"));
                double destroy = timed(() -> check(pulumi.run(program, "destroy", "--yes", "--skip-preview"), "destroy"));
                int resources = 2 * services + 1;
                System.out.printf(Locale.ROOT, "%-10s %8d %9d %9.1fs %9.1fs %11.1fs %9.1fs %12.0f ms %5.1f–%.1f%n", plugin.getKey(),
                        services, resources, up, preview, scale, destroy, up * 1000 / resources, loadBefore, load());
                rounds.forEach(System.out::println);
                System.out.println("  first up and preview: " + daemons);
                TestDaemons.stopAll();
                if (grpc && Files.exists(grpcLog)) System.out.print("  first up:\n" + grpcSummary(grpcLog, up));
                if (grpc && Files.exists(previewLog)) System.out.print("  preview:\n" + grpcSummary(previewLog, preview));
            }
        }
        System.out.printf(Locale.ROOT, "%d CPUs%n", Runtime.getRuntime().availableProcessors());
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static Map<String, Path> plugins(String spec) {
        Map<String, Path> out = new LinkedHashMap<>();
        for (String entry : spec.split(",")) {
            String[] kv = entry.split("=", 2);
            Path dir = Path.of(kv[1]).toAbsolutePath();
            if (!Files.isExecutable(dir.resolve("pulumi-resource-gpushare"))) {
                throw new IllegalStateException(dir + " has no pulumi-resource-gpushare: mvn -pl provider/pulumi -am package");
            }
            out.put(kv[0], dir);
        }
        return out;
    }

    /**
     * Per provider method of the gRPC log: calls, the engine's total and largest wait, and the wait
     * of the first and last tenth of the calls (a wait that grows with the program shows there).
     */
    static String grpcSummary(Path log, double wallSeconds) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, List<Double>> byMethod = new TreeMap<>();
        for (String line : Files.readAllLines(log)) {
            if (line.isBlank()) continue;
            JsonNode e = json.readTree(line);
            if (!"response_completed".equals(e.path("progress").asString(""))) continue;
            String method = e.path("method").asString("");
            if (!method.startsWith("/pulumirpc.ResourceProvider/")) continue;
            byMethod.computeIfAbsent(method.substring(method.lastIndexOf('/') + 1), m -> new ArrayList<>())
                    .add(e.path("duration").isNumber() ? e.path("duration").asLong() / 1e9 // nanoseconds
                            : seconds(e.path("duration").asString("0s")));
        }
        StringBuilder sb = new StringBuilder();
        double all = 0;
        for (Map.Entry<String, List<Double>> m : byMethod.entrySet()) {
            List<Double> d = m.getValue();
            double sum = d.stream().mapToDouble(Double::doubleValue).sum();
            all += sum;
            int tenth = Math.max(1, d.size() / 10);
            sb.append(String.format(Locale.ROOT, "    %-14s %6d calls, %8.2f s in all, max %6.3f s, first tenth %6.1f ms/call, last tenth %6.1f ms/call%n",
                    m.getKey(), d.size(), sum, d.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                    1000 * mean(d.subList(0, tenth)), 1000 * mean(d.subList(d.size() - tenth, d.size()))));
        }
        sb.append(String.format(Locale.ROOT, "    provider calls %.2f s of the up's %.1f s wall (calls overlap when the engine runs steps in parallel)%n",
                all, wallSeconds));
        return sb.toString();
    }

    /** How many daemons started and how many sessions they served, from the logs of this JVM's daemon directory. */
    static String daemonSummary() throws java.io.IOException {
        TestDaemons.Served served = TestDaemons.served(TestDaemons.base());
        return "provider daemons started: " + served.daemons() + ", sessions: " + served.sessions();
    }

    private static double mean(List<Double> d) {
        return d.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /** A protojson duration ("0.001234s"), or a Go duration ("1.2ms", "3µs", "1m2.5s"). */
    static double seconds(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9.]+)(h|ms|µs|us|ns|m|s)").matcher(text);
        double total = 0;
        while (m.find()) {
            double v = Double.parseDouble(m.group(1));
            total += switch (m.group(2)) {
                case "h" -> v * 3600;
                case "m" -> v * 60;
                case "s" -> v;
                case "ms" -> v / 1e3;
                case "µs", "us" -> v / 1e6;
                default -> v / 1e9;
            };
        }
        return total;
    }

    /** The program: one pool sized for every copy, S task definitions and services of 2 copies each. */
    static String program(int services, int scaled) {
        return program(PluginProcess.LAUNCHER.toAbsolutePath().getParent(), services, scaled);
    }

    static String program(Path pluginDir, int services, int scaled) {
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
                """.formatted(pluginDir, services));
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
