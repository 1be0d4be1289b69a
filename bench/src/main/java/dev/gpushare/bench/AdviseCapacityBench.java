package dev.gpushare.bench;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.advise.capacity.CapacityAdvice;
import dev.gpushare.engine.advise.capacity.Isolation;
import dev.gpushare.engine.advise.capacity.WorkloadAdvice;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * {@code advise capacity} on N services (docs/benchmarks.md, "Capacity advisor"): a seeded spec of
 * MPS services (1–16 GiB, 10–50 % compute, 1–6 copies) on one g6.12xlarge pool, advised once to warm
 * up, then timed. Prints the wall time, the process CPU time (all threads), the load average, and
 * the advice's totals. Usage: {@code AdviseCapacityBench [services] [runs]} (default 200, 3).
 */
public final class AdviseCapacityBench {
    private AdviseCapacityBench() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        ResolvedSpec spec = Pipeline.check(spec(n, Workloads.SEED)).orThrow();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.println(n + " services, seed " + Workloads.SEED + ", " + Runtime.getRuntime().availableProcessors()
                + " CPU(s), " + System.getProperty("java.version") + ", load average " + String.format("%.2f", os.getSystemLoadAverage()));
        CapacityAdvice advice = Pipeline.adviseCapacity(spec, Isolation.ANY); // warm-up
        long best = Long.MAX_VALUE, bestCpu = Long.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long c0 = os.getProcessCpuTime(), t0 = System.nanoTime();
            advice = Pipeline.adviseCapacity(spec, Isolation.ANY);
            best = Math.min(best, System.nanoTime() - t0);
            bestCpu = Math.min(bestCpu, os.getProcessCpuTime() - c0);
        }
        int alternatives = 0;
        for (WorkloadAdvice w : advice.workloads()) alternatives += w.alternatives().size();
        System.out.printf("| %d | %d | %d | %.1f s | %.1f s | %.2f | %s | %s | %s |%n", n, alternatives, advice.pools().size(),
                best / 1e9, bestCpu / 1e9, os.getSystemLoadAverage(), advice.givenPerHour().toPlainString(),
                advice.apartPerHour().toPlainString(), advice.usage().costPerHour().toPlainString());
    }

    /** N MPS services of one container each on one g6.12xlarge pool. */
    static Spec spec(int n, long seed) {
        Random r = new Random(seed);
        int[] mib = {1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384};
        int[] pct = {10, 20, 25, 40, 50};
        List<TaskDefinition> tasks = new ArrayList<>();
        List<Service> services = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = "svc-" + i;
            tasks.add(new TaskDefinition(name, 1024, 2048, List.of(new Container("model", "i",
                    new GpuRequirement.NvidiaMps(mib[r.nextInt(mib.length)], pct[r.nextInt(pct.length)])))));
            services.add(new Service(name, name, "l4", 1 + r.nextInt(6), PlacementStrategy.BINPACK));
        }
        return new Spec(Spec.API_VERSION, "advise-bench",
                List.of(new CapacityProvider("l4", "g6.12xlarge", 0, 1000, new GpuSharing.Mps(null))),
                tasks, services, List.of(), List.of(), List.of());
    }
}
