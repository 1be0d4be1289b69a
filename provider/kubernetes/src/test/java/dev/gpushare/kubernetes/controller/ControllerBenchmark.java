package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.KubernetesUrl;
import dev.gpushare.kubernetes.testing.KubeBinaries;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import io.fabric8.kubernetes.api.model.Pod;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * The controller's figures for docs/benchmarks.md (issue 21, item 8), on its own etcd +
 * kube-apiserver + kube-scheduler with the stand-in kubelet, the controller a child process
 * ({@link ControllerMain}, repair grace 5 s, resync 5 min as by default): {@code nodes} g6.12xlarge nodes (4 × L4) and two spares,
 * {@code nodes × 8} MPS copies of 11,264 MiB applied by gpushare, then
 * <ol>
 *   <li>the controller idle, converged: its CPU over 30 s and its resident memory (from /proc);</li>
 *   <li>a node patched NotReady → its 8 copies' replacement pods created, then bound by the scheduler;</li>
 *   <li>{@code deletes} copy pods deleted at once → every copy live and bound again.</li>
 * </ol>
 * Prints the figures and the load; no assertions. Run: {@code java -cp <test classpath>
 * dev.gpushare.kubernetes.controller.ControllerBenchmark [nodes=250] [deletes=500]}.
 */
public final class ControllerBenchmark {
    static final int GRACE_SECONDS = 5;
    /** The controller's default resync (5 min): idle is the informers' watches, not a periodic re-plan. */
    static final int RESYNC_SECONDS = 300;

    public static void main(String[] args) throws Exception {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 250;
        int deletes = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int copies = nodes * 8;
        Path bin = KubeBinaries.find().orElseThrow(() -> new IllegalStateException("run scripts/build-kube first"));
        Path dir = Files.createTempDirectory("gpushare-controller-bench-");
        Process controller = null;
        try (KubeCluster k = KubeCluster.start(bin, true)) {
            String ns = k.namespace("bench");
            String cluster = "bench";
            long t0 = System.nanoTime();
            k.nodes().add("g6", "g6.12xlarge", nodes + 2);
            System.out.printf("nodes: %d + 2 spares (%d GPUs) created in %.1f s%n", nodes, nodes * 4, secs(t0));
            Path spec = dir.resolve("spec.yaml");
            Files.writeString(spec, """
                    apiVersion: gpushare.dev/v1
                    cluster: %s
                    capacityProviders:
                      - {name: l4-mps, instanceType: g6.12xlarge, maxInstances: %d, gpuSharing: {strategy: MPS}}
                    taskDefinitions:
                      - family: embedder
                        cpu: 2048
                        memory: 4096
                        containers: [{name: model, image: ghcr.io/acme/bge-large:1.5, gpu: {nvidiaMps: {memory: 11264, maxComputePercent: 50}}}]
                    services:
                      - {name: embedder, taskDefinition: embedder, capacityProvider: l4-mps, desiredCount: %d}
                    """.formatted(cluster, nodes + 2, copies));
            try (Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                    KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
                long t1 = System.nanoTime();
                ApplyOutcome out = gs.apply(gs.plan(dev.gpushare.model.io.SpecReader.bind(List.of(
                        dev.gpushare.model.io.SpecReader.parse("spec.yaml", Files.readString(spec)))).spec()));
                System.out.printf("apply of %d copies by gpushare: %s in %.1f s%n", copies, out.getClass().getSimpleName(), secs(t1));
            }
            long t2 = System.nanoTime();
            waitUntil(600, () -> bound(k, ns, cluster) == copies);
            System.out.printf("all %d pods bound by kube-scheduler %.1f s after the apply%n", copies, secs(t2));

            try (StandInKubelet kubelet = new StandInKubelet(k)) {
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                controller = new ProcessBuilder(java, "-Xmx1g", "-Dgpushare.test.repairGraceSeconds=" + GRACE_SECONDS,
                        "-Dgpushare.test.resyncSeconds=" + RESYNC_SECONDS,
                        "-cp", System.getProperty("java.class.path"), ControllerMain.class.getName(),
                        k.kubeconfig().toString(), ns, "bench", "15", spec.toString())
                        .redirectErrorStream(true).redirectOutput(dir.resolve("controller.log").toFile()).start();
                long pid = controller.pid();
                waitUntil(300, () -> log(dir).contains("\"result\":\"converged\""));
                Thread.sleep(10_000); // JIT and the first resyncs settle
                long cpu0 = cpuTicks(pid), w0 = System.nanoTime();
                Thread.sleep(30_000);
                double cpuS = (cpuTicks(pid) - cpu0) / 100.0, wallS = secs(w0);
                System.out.printf("controller idle with %d nodes and %d pods: CPU %.2f s over %.0f s (%.1f %% of a core), RSS %d MiB%n",
                        nodes + 2, copies, cpuS, wallS, 100 * cpuS / wallS, rssKiB(pid) / 1024);

                // NotReady → replacement pods created and bound
                Pod victim = live(k, ns, cluster).getFirst();
                String instance = victim.getMetadata().getLabels().get("gpushare.dev/instance");
                String node = victim.getSpec().getNodeName();
                long t3 = System.nanoTime();
                k.nodes().setReady(node, false);
                double[] created = {-1};
                waitUntil(300, () -> {
                    List<Pod> pods = live(k, ns, cluster);
                    boolean off = pods.size() == copies && pods.stream().noneMatch(p -> instance.equals(p.getMetadata().getLabels().get("gpushare.dev/instance")));
                    if (off && created[0] < 0) created[0] = secs(t3);
                    return off && pods.stream().allMatch(p -> p.getSpec().getNodeName() != null);
                });
                System.out.printf("node %s NotReady (grace %d s) → its 8 replacement pods created in %.1f s, bound in %.1f s%n",
                        node, GRACE_SECONDS, created[0], secs(t3));

                // many copy pods deleted at once
                List<Pod> pods = live(k, ns, cluster);
                ExecutorService pool = Executors.newFixedThreadPool(8);
                long t4 = System.nanoTime();
                List<java.util.concurrent.Future<?>> fs = new ArrayList<>();
                for (Pod p : pods.subList(0, Math.min(deletes, pods.size()))) {
                    fs.add(pool.submit(() -> k.admin().pods().inNamespace(ns).withName(p.getMetadata().getName()).delete()));
                }
                for (var f : fs) f.get();
                pool.shutdown();
                double deleted = secs(t4);
                waitUntil(600, () -> bound(k, ns, cluster) == copies && live(k, ns, cluster).size() == copies);
                System.out.printf("%d copy pods deleted at once (requests done in %.1f s) → all %d copies live and bound again in %.1f s%n",
                        deletes, deleted, copies, secs(t4));
                controller.destroy();
                controller.waitFor();
            }
        } finally {
            if (controller != null) controller.destroyForcibly();
        }
        System.out.printf("load average %.2f on %d CPUs%n", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    private static List<Pod> live(KubeCluster k, String ns, String cluster) {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems().stream()
                .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    }

    private static long bound(KubeCluster k, String ns, String cluster) {
        return live(k, ns, cluster).stream().filter(p -> p.getSpec().getNodeName() != null).count();
    }

    private static String log(Path dir) {
        try {
            return Files.readString(dir.resolve("controller.log"));
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** utime + stime of the process, in clock ticks (1/100 s on Linux). */
    private static long cpuTicks(long pid) throws java.io.IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    private static long rssKiB(long pid) throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
        return -1;
    }

    private static void waitUntil(int seconds, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("not reached within " + seconds + " s");
            Thread.sleep(250);
        }
    }

    private static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
