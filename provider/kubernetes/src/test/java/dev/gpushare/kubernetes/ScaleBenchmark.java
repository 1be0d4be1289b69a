package dev.gpushare.kubernetes;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.kubernetes.testing.KubeBinaries;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Spec;
import dev.gpushare.engine.validate.SpecValidator;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Apply and re-plan of a 1,000-GPU cluster on the real API server (docs/benchmarks.md): 250
 * g6.12xlarge nodes (4 × L4), 2,000 MPS copies of 11,264 MiB (two per GPU). Prints the figures and
 * the machine's load; no assertions. Run: {@code java -cp <test classpath> dev.gpushare.kubernetes.ScaleBenchmark [nodes]}.
 */
public final class ScaleBenchmark {
    public static void main(String[] args) throws Exception {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 250;
        Path bin = KubeBinaries.find().orElseThrow(() -> new IllegalStateException("run scripts/build-kube first"));
        int copies = nodes * 8;
        String yaml = """
                apiVersion: gpushare.dev/v1
                cluster: bench
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: %d, gpuSharing: {strategy: MPS}}
                taskDefinitions:
                  - family: embedder
                    cpu: 2048
                    memory: 4096
                    containers:
                      - {name: model, image: ghcr.io/acme/bge-large:1.5, gpu: {nvidiaMps: {memory: 11264, maxComputePercent: 50}}}
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: %d}
                """;
        Spec spec = SpecValidator.validateText("bench.yaml", yaml.formatted(nodes, copies)).spec();
        Spec more = SpecValidator.validateText("bench.yaml", yaml.formatted(nodes, copies - 8)).spec();
        try (KubeCluster k = KubeCluster.start(bin, false)) {
            String ns = k.namespace("bench");
            long t0 = System.nanoTime();
            k.nodes().add("g6", "g6.12xlarge", nodes);
            System.out.printf("nodes: %d (%d GPUs) created in %.1f s%n", nodes, nodes * 4, secs(t0));
            try (Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                    KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
                long t1 = System.nanoTime();
                Plan plan = gs.plan(spec);
                double planS = secs(t1);
                long t2 = System.nanoTime();
                ApplyOutcome out = gs.apply(plan);
                double applyS = secs(t2);
                int objects = nodes /* claimed */ + nodes * 4 /* claims */ + copies /* pods */ + 2 /* ConfigMaps */;
                System.out.printf("first plan: %d actions in %.2f s; apply: %s in %.1f s, %d objects written, %.0f objects/s%n",
                        plan.actions().size(), planS, out.getClass().getSimpleName(), applyS, objects, objects / applyS);
                long t3 = System.nanoTime();
                Plan again = gs.plan(spec);
                System.out.printf("re-plan (read %d pods and %d nodes back, place, diff): %d actions in %.2f s%n",
                        copies, nodes, again.actions().size(), secs(t3));
                long t4 = System.nanoTime();
                Plan down = gs.plan(more);
                double downPlan = secs(t4);
                long t5 = System.nanoTime();
                gs.apply(down);
                System.out.printf("scale down by 8: plan %d actions in %.2f s, apply in %.2f s%n",
                        down.actions().size(), downPlan, secs(t5));
            }
        }
        System.out.printf("load average %.2f on %d CPUs%n", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    private static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
