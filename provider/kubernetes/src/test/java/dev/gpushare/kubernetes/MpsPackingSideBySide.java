package dev.gpushare.kubernetes;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.kubernetes.testing.KubeBinaries;
import dev.gpushare.kubernetes.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * MPS memory packing side by side (docs/benchmarks.md, issue 11): the same copies placed by
 * gpushare, and by the real kube-scheduler through DRA consumable capacity (KEP-5075: devices with
 * {@code allowMultipleAllocations} and a memory capacity, one claim per copy asking for its MiB).
 * gpushare plans every copy onto a GPU itself and writes claims that name that GPU; the scheduler
 * instead takes pods one at a time in arrival order and puts each where it fits. Prints copies
 * placed and GPUs used for both, and the machine's load; no assertions.
 *
 * <p>Run: {@code java -cp <test classpath> dev.gpushare.kubernetes.MpsPackingSideBySide [nodes] [fill%] [seed]}
 * (defaults 40 g6.12xlarge nodes = 160 L4 GPUs, copies asking for 97 % of their usable memory).
 */
public final class MpsPackingSideBySide {
    /** Copy sizes in MiB, as embedding models, rerankers and small LLMs ask (weights: how often). */
    static final long[] SIZES = {1024, 2048, 3072, 4096, 6144, 8192, 10240, 12288, 16384, 20480};
    static final int[] WEIGHTS = {6, 8, 6, 8, 5, 6, 4, 3, 2, 2};

    public static void main(String[] args) throws Exception {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int fillPercent = args.length > 1 ? Integer.parseInt(args[1]) : 97;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 11;
        Path bin = KubeBinaries.find().orElseThrow(() -> new IllegalStateException("run scripts/build-kube first"));

        long usable = dev.gpushare.engine.catalog.Catalog.builtIn().gpuModel("L4").orElseThrow().usableMemoryMiB();
        int gpus = nodes * 4;
        List<Long> copies = workload(gpus * usable * fillPercent / 100, new Random(seed));
        long asked = copies.stream().mapToLong(Long::longValue).sum();
        System.out.printf("workload: %d MPS copies of 1–20 GiB asking %,d MiB = %.1f %% of %d L4 GPUs' usable %,d MiB (%d nodes)%n",
                copies.size(), asked, 100.0 * asked / (gpus * usable), gpus, usable, nodes);

        // gpushare: the engine places the spec (order-independent: it sorts the copies itself)
        long t0 = System.nanoTime();
        FleetState placed = switch (Pipeline.check("pack.yaml", spec(nodes, copies))) {
            case Checked.Valid v -> Pipeline.place(v.spec());
            case Checked.Invalid i -> throw new IllegalStateException(i.problems().toString());
        };
        double placeS = (System.nanoTime() - t0) / 1e9;
        int gsCopies = 0, gsGpus = 0;
        for (Instance i : placed.instances()) {
            for (Gpu g : i.gpus()) {
                gsCopies += g.allocations().size();
                if (!g.allocations().isEmpty()) gsGpus++;
            }
        }

        // the scheduler: one claim and one pod per copy, in a shuffled arrival order
        List<Long> arrival = new ArrayList<>(copies);
        Collections.shuffle(arrival, new Random(seed + 1));
        int schedCopies, schedGpus;
        double schedS;
        try (KubeCluster k = KubeCluster.start(bin, true)) {
            String ns = k.namespace("pack");
            k.nodes().add("pk", "g6.12xlarge", nodes, true);
            long t1 = System.nanoTime();
            for (int n = 0; n < arrival.size(); n++) create(k, ns, n, arrival.get(n));
            // settled: every claim allocated, or no new allocation for 20 s (the rest stays pending)
            int last = -1;
            long quietSince = System.nanoTime();
            Map<String, String> allocated = new TreeMap<>();
            while (true) {
                allocated.clear();
                for (var c : k.admin().resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inNamespace(ns)
                        .list().getItems()) {
                    if (c.getStatus() == null || c.getStatus().getAllocation() == null) continue;
                    DeviceRequestAllocationResult r = c.getStatus().getAllocation().getDevices().getResults().getFirst();
                    allocated.put(c.getMetadata().getName(), r.getPool() + "/" + r.getDevice());
                }
                if (allocated.size() != last) {
                    last = allocated.size();
                    quietSince = System.nanoTime();
                    System.out.printf("  scheduler: %d of %d claims allocated after %.0f s%n", last, arrival.size(),
                            (System.nanoTime() - t1) / 1e9);
                }
                if (last == arrival.size() || System.nanoTime() - quietSince > 20e9) break;
                Thread.sleep(2000);
            }
            schedS = (Math.min(System.nanoTime(), quietSince) - t1) / 1e9;
            schedCopies = allocated.size();
            Set<String> devices = new HashSet<>(allocated.values());
            schedGpus = devices.size();
        }

        System.out.printf("%-44s %8s %10s %10s%n", "", "copies", "GPUs used", "time");
        System.out.printf("%-44s %8d %10d %9.2fs%n", "gpushare (plan: place, then claims per GPU)", gsCopies, gsGpus, placeS);
        System.out.printf("%-44s %8d %10d %9.0fs%n", "kube-scheduler (consumable capacity claims)", schedCopies, schedGpus, schedS);
        System.out.printf("copies asked %d; lower bound on GPUs for them %d (their MiB / %,d MiB per GPU, rounded up)%n",
                copies.size(), (asked + usable - 1) / usable, usable);
        System.out.printf("load average %.2f on %d CPUs%n", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    /** Copies drawn by weight until their memory reaches {@code total} MiB. */
    static List<Long> workload(long total, Random random) {
        int sum = 0;
        for (int w : WEIGHTS) sum += w;
        List<Long> out = new ArrayList<>();
        long used = 0;
        while (true) {
            int r = random.nextInt(sum), i = 0;
            while (r >= WEIGHTS[i]) r -= WEIGHTS[i++];
            if (used + SIZES[i] > total) return out;
            out.add(SIZES[i]);
            used += SIZES[i];
        }
    }

    /** One task definition and service per copy size; host CPU and memory never bind. */
    static String spec(int nodes, List<Long> copies) {
        Map<Long, Integer> count = new TreeMap<>();
        for (long c : copies) count.merge(c, 1, Integer::sum);
        StringBuilder td = new StringBuilder(), sv = new StringBuilder();
        for (var e : count.entrySet()) {
            td.append("  - family: m").append(e.getKey()).append("\n    cpu: 256\n    memory: 512\n    containers:\n")
                    .append("      - {name: model, image: ghcr.io/acme/model:1, gpu: {nvidiaMps: {memory: ").append(e.getKey())
                    .append("}}}\n");
            sv.append("  - {name: m").append(e.getKey()).append(", taskDefinition: m").append(e.getKey())
                    .append(", capacityProvider: l4, desiredCount: ").append(e.getValue()).append("}\n");
        }
        return "apiVersion: gpushare.dev/v1\ncluster: pack\ncapacityProviders:\n"
                + "  - {name: l4, instanceType: g6.12xlarge, maxInstances: " + nodes + ", gpuSharing: {strategy: MPS}}\n"
                + "taskDefinitions:\n" + td + "services:\n" + sv;
    }

    private static void create(KubeCluster k, String ns, int n, long mib) {
        String name = "copy-" + n;
        k.admin().resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inNamespace(ns).resource(
                new ResourceClaimBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                        .withNewSpec().withNewDevices().addNewRequest().withName("gpu").withExactly(new ExactDeviceRequestBuilder()
                                .withDeviceClassName("gpu.nvidia.com").withAllocationMode("ExactCount").withCount(1L)
                                .withCapacity(new CapacityRequirements(Map.of("memory", new Quantity(mib + "Mi")))).build())
                        .endRequest().endDevices().endSpec().build()).create();
        k.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withContainers(new ContainerBuilder().withName("model").withImage("ghcr.io/acme/model:1")
                        .withNewResources().withClaims(new ResourceClaim("gpu", null)).endResources().build())
                .addNewResourceClaim().withName("gpu").withResourceClaimName(name).endResourceClaim()
                .endSpec().build()).create();
    }
}
