package dev.gpushare.engine.validate;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.io.SpecWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark (a main, not a test): generates a valid spec of about 10 MB and times
 * {@link SpecValidator#validateFiles} on it — parse, schema, bind and semantic rules together —
 * once as one JSON file and once as YAML split over several files (the YAML reader caps one
 * document at 3 Mi code points). The figures go into docs/benchmarks.md, section "Validation".
 *
 * <p>Run: {@code java -cp <test and main classpath> dev.gpushare.engine.validate.ValidateBench [MB]}.
 */
public final class ValidateBench {
    private static final int TASKS_PER_POOL = 100;
    private static final int YAML_PARTS = 5;

    private ValidateBench() {}

    public static void main(String[] args) throws IOException {
        double targetMb = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        Path dir = Files.createTempDirectory("gpushare-bench");
        try {
            int pools = 1;
            while (SpecWriter.toJson(generate(pools, 0, pools)).length() < targetMb * 1e6) pools *= 2;
            // Bisect down to the pool count whose JSON is just at the target size.
            int lo = pools / 2, hi = pools;
            while (hi - lo > 1) {
                int mid = (lo + hi) / 2;
                if (SpecWriter.toJson(generate(mid, 0, mid)).length() < targetMb * 1e6) lo = mid; else hi = mid;
            }
            pools = hi;
            Spec whole = generate(pools, 0, pools);
            Path json = dir.resolve("bench.json");
            Files.writeString(json, SpecWriter.toJson(whole));
            List<Path> yaml = new ArrayList<>();
            for (int k = 0; k < YAML_PARTS; k++) {
                Path part = dir.resolve("bench-" + k + ".yaml");
                Files.writeString(part, SpecWriter.toYaml(generate(pools, k * pools / YAML_PARTS, (k + 1) * pools / YAML_PARTS)));
                yaml.add(part);
            }
            System.out.printf("spec: %d capacity providers, %d task definitions, %d services, %d endpoints, %d components%n",
                    whole.capacityProviders().size(), whole.taskDefinitions().size(), whole.services().size(),
                    whole.endpoints().size(), whole.inferenceComponents().size());
            time("JSON, 1 file", List.of(json));
            time("YAML, " + YAML_PARTS + " files", yaml);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    private static void time(String label, List<Path> files) throws IOException {
        long bytes = 0;
        for (Path f : files) bytes += Files.size(f);
        // CPU time of this thread as well as wall time: on a shared, loaded machine the wall time
        // mostly measures the other processes; the CPU time is what one idle core would take.
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long t0 = System.nanoTime(), c0 = cpu.getCurrentThreadCpuTime();
        ValidationReport cold = SpecValidator.validateFiles(files);
        long coldMs = (System.nanoTime() - t0) / 1_000_000, coldCpu = (cpu.getCurrentThreadCpuTime() - c0) / 1_000_000;
        if (!cold.valid()) throw new IllegalStateException("generated spec is invalid: " + cold.problems().get(0));
        List<Long> wall = new ArrayList<>();
        List<Long> cpuMs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long t = System.nanoTime(), c = cpu.getCurrentThreadCpuTime();
            if (!SpecValidator.validateFiles(files).valid()) throw new IllegalStateException("invalid on run " + i);
            wall.add((System.nanoTime() - t) / 1_000_000);
            cpuMs.add((cpu.getCurrentThreadCpuTime() - c) / 1_000_000);
        }
        System.out.printf("%s, %.1f MB: first run %d ms (cpu %d ms); next runs wall %s ms, median %d; cpu %s ms, median %d%n",
                label, bytes / 1e6, coldMs, coldCpu, wall, median(wall), cpuMs, median(cpuMs));
    }

    private static long median(List<Long> xs) {
        return xs.stream().sorted().toList().get(xs.size() / 2);
    }

    /**
     * Pools {@code [from, to)} of a spec of {@code pools} pools: per pool an MPS and an EXCLUSIVE
     * capacity provider and a MIG endpoint, {@value #TASKS_PER_POOL} tasks with their services
     * (two MPS containers, or one whole GPU, plus a sidecar) and a component per ten tasks.
     */
    static Spec generate(int pools, int from, int to) {
        List<CapacityProvider> cps = new ArrayList<>();
        List<TaskDefinition> tds = new ArrayList<>();
        List<Service> svs = new ArrayList<>();
        List<Endpoint> eps = new ArrayList<>();
        List<InferenceComponent> ics = new ArrayList<>();
        for (int p = from; p < to; p++) {
            cps.add(new CapacityProvider("mps-" + p, "g6.12xlarge", 0, 50, new GpuSharing.Mps(16)));
            cps.add(new CapacityProvider("whole-" + p, "g5.12xlarge", 0, 20, new GpuSharing.Exclusive()));
            eps.add(new Endpoint("ep-" + p, "ml.p4d.24xlarge", 1, List.of("mig-3g.20gb", "mig-4g.20gb")));
            for (int j = 0; j < TASKS_PER_POOL; j++) {
                int i = p * TASKS_PER_POOL + j;
                boolean mps = i % 3 != 0;
                List<Container> containers = mps
                        ? List.of(new Container("model", "ghcr.io/acme/model-" + i + ":1.0", new GpuRequirement.NvidiaMps(4096, 25)),
                                  new Container("tokenizer", "ghcr.io/acme/tokenizer:1.0", new GpuRequirement.NvidiaMps(2048, null)),
                                  new Container("proxy", "ghcr.io/acme/envoy:1.31", null))
                        : List.of(new Container("model", "ghcr.io/acme/model-" + i + ":1.0", new GpuRequirement.Whole(1)),
                                  new Container("proxy", "ghcr.io/acme/envoy:1.31", null));
                tds.add(new TaskDefinition("task-" + i, 2048, 4096, containers));
                svs.add(new Service("svc-" + i, "task-" + i, (mps ? "mps-" : "whole-") + p, 3,
                        i % 2 == 0 ? PlacementStrategy.BINPACK : PlacementStrategy.SPREAD));
                if (i % 10 == 0) {
                    ics.add(new InferenceComponent("ic-" + i, "ep-" + p, "model-" + i,
                            i % 20 == 0 ? "mig-3g.20gb" : "mig-4g.20gb", 1, 2048, null));
                }
            }
        }
        return new Spec(Spec.API_VERSION, "bench", cps, tds, svs, eps, ics, List.of());
    }
}
