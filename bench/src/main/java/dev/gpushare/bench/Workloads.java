package dev.gpushare.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

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

/**
 * The seeded workload generator (seed {@link #SEED}): the same seed always gives the same specs.
 * Memory sizes are skewed toward small models: {@code 512 × 40^(u²)} MiB with u uniform in [0, 1),
 * i.e. 512 MiB to 20 GiB, median about 1.4 GiB.
 */
final class Workloads {
    static final long SEED = 20261129L;
    private static final int UNLIMITED = 1_000_000;

    private Workloads() {}

    static int skewedMiB(SplittableRandom rnd) {
        double u = rnd.nextDouble();
        return (int) Math.round(512 * Math.pow(40, u * u));
    }

    /** (a) {@code tasks} MPS tasks on g6.12xlarge: services of 10 copies, one size each. */
    static Spec mps(int tasks, long seed) {
        return mps(tasks, seed, 10);
    }

    /** (a) with services of {@code copies} copies each. */
    static Spec mps(int tasks, long seed, int copies) {
        return services("bench-a", List.of(new CapacityProvider("l4", "g6.12xlarge", 0, UNLIMITED, new GpuSharing.Mps(null))),
                tasks, seed, copies, rnd -> new Draw(null, null, "model", new GpuRequirement.NvidiaMps(skewedMiB(rnd), null), "l4"));
    }

    /**
     * (b) a mix of {@code copies}: 60 % MPS on g6.12xlarge, 30 % whole GPUs (1, 2 or 4) on
     * g5.12xlarge (EXCLUSIVE), 10 % fractional 0.25 on g6f.2xlarge; services of 10 copies.
     */
    static Spec mix(int copies, long seed) {
        return mix(copies, seed, 10);
    }

    /** (b) with services of {@code perService} copies (small instances for the exact search: 1–3). */
    static Spec mix(int copies, long seed, int perService) {
        return services("bench-b", List.of(
                new CapacityProvider("l4", "g6.12xlarge", 0, UNLIMITED, new GpuSharing.Mps(null)),
                new CapacityProvider("a10", "g5.12xlarge", 0, UNLIMITED, new GpuSharing.Exclusive()),
                new CapacityProvider("quarter", "g6f.2xlarge", 0, UNLIMITED, null)),
                copies, seed, perService, rnd -> {
                    double kind = rnd.nextDouble();
                    GpuRequirement req;
                    String pool;
                    if (kind < 0.6) {
                        req = new GpuRequirement.NvidiaMps(skewedMiB(rnd), null);
                        pool = "l4";
                    } else if (kind < 0.9) {
                        req = new GpuRequirement.Whole(new int[] {1, 1, 2, 4}[rnd.nextInt(4)]);
                        pool = "a10";
                    } else {
                        req = new GpuRequirement.Fraction(new BigDecimal("0.25"));
                        pool = "quarter";
                    }
                    return new Draw(1024 * (1 + rnd.nextInt(4)), 2048 * (1 + rnd.nextInt(4)), "c", req, pool);
                });
    }

    /**
     * (e) whole-GPU copies of 2, 4 and 8 GPUs next to MPS shares, host CPU and memory binding too:
     * {@code copies} in services of {@code perService}; 70 % of the services on g6.48xlarge (8 × L4,
     * 192 vCPU, 768 GiB), 30 % on g5.12xlarge (4 × A10G, 48 vCPU, 192 GiB), both with gpuSharing
     * MPS (which also takes whole GPUs). Per service: 60 % MPS (skewed memory as in (a), 1–4 vCPU,
     * 2–16 GiB host memory: on the g5 pool CPU binds before GPU memory), 40 % whole copies of 2,
     * 4 (and on g6.48xlarge 8) GPUs (50/35/15 %) that ask w × the instance's per-GPU CPU and memory
     * × (0.25 + 0.75 u), rounded down to 1 vCPU and 1 GiB.
     */
    static Spec wholeAndMps(int copies, long seed, int perService) {
        return services("bench-e", List.of(
                new CapacityProvider("l4x8", "g6.48xlarge", 0, UNLIMITED, new GpuSharing.Mps(null)),
                new CapacityProvider("a10x4", "g5.12xlarge", 0, UNLIMITED, new GpuSharing.Mps(null))),
                copies, seed, perService, rnd -> {
                    boolean eight = rnd.nextDouble() < 0.7;
                    int gpus = eight ? 8 : 4;
                    long cpuPerGpu = (eight ? 192 : 48) * 1024L / gpus, memPerGpu = (eight ? 786432L : 196608L) / gpus;
                    if (rnd.nextDouble() < 0.6) {
                        GpuRequirement req = new GpuRequirement.NvidiaMps(skewedMiB(rnd), null);
                        return new Draw(1024 * (1 + rnd.nextInt(4)), 2048 * (1 + rnd.nextInt(8)), "c", req, eight ? "l4x8" : "a10x4");
                    }
                    double k = rnd.nextDouble();
                    int w = k < 0.5 ? 2 : k < 0.85 || !eight ? 4 : 8;
                    double u = 0.25 + 0.75 * rnd.nextDouble();
                    int cpu = (int) (w * cpuPerGpu * u / 1024) * 1024;
                    int mem = (int) (w * memPerGpu * (0.25 + 0.75 * rnd.nextDouble()) / 1024) * 1024;
                    return new Draw(cpu, mem, "c", new GpuRequirement.Whole(w), eight ? "l4x8" : "a10x4");
                });
    }

    /**
     * One service's draw: its task definition's CPU units and memory (null: unset), its one
     * container's name and GPU requirement, and the pool it runs in.
     */
    private record Draw(Integer cpu, Integer memoryMiB, String container, GpuRequirement gpu, String pool) {}

    /**
     * The ECS workloads' common form: {@code copies} copies in services {@code svc0}, {@code svc1}, …
     * of {@code perService} copies (the last one the rest), each with a task definition of its own
     * name holding one container of image {@code img}, placed BINPACK; {@code draw} draws each
     * service's figures in turn from one generator seeded with {@code seed}.
     */
    private static Spec services(String cluster, List<CapacityProvider> pools, int copies, long seed, int perService,
                                 Function<SplittableRandom, Draw> draw) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<TaskDefinition> tds = new ArrayList<>();
        List<Service> svcs = new ArrayList<>();
        for (int s = 0; s * perService < copies; s++) {
            String name = "svc" + s;
            Draw d = draw.apply(rnd);
            tds.add(new TaskDefinition(name, d.cpu(), d.memoryMiB(), List.of(new Container(d.container(), "img", d.gpu()))));
            svcs.add(new Service(name, name, d.pool(), Math.min(perService, copies - s * perService), PlacementStrategy.BINPACK));
        }
        return new Spec(Spec.API_VERSION, cluster, pools, tds, svcs, List.of(), List.of(), List.of());
    }

    /**
     * (c) {@code components} inference components (1–19 copies each, 10 on average) over endpoints
     * of 20 components each, alternating ml.p5.48xlarge [3g.40gb, 4g.40gb] and ml.p4d.24xlarge
     * [3g.20gb, 2g.10gb, 1g.5gb, 1g.5gb]; each endpoint gets the instances its copies need.
     */
    static Spec endpoints(int components, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Endpoint> eps = new ArrayList<>();
        List<InferenceComponent> ics = new ArrayList<>();
        for (int e = 0; e * 20 < components; e++) {
            boolean p5 = e % 2 == 0;
            List<String> layout = p5 ? List.of("mig-3g.40gb", "mig-4g.40gb")
                    : List.of("mig-3g.20gb", "mig-2g.10gb", "mig-1g.5gb", "mig-1g.5gb");
            List<String> distinct = layout.stream().distinct().toList();
            int[] perProfile = new int[distinct.size()];
            String ep = "ep" + e;
            for (int c = 0; c < 20 && e * 20 + c < components; c++) {
                int k = rnd.nextInt(distinct.size());
                int copies = 1 + rnd.nextInt(19);
                perProfile[k] += copies;
                ics.add(new InferenceComponent(ep + "-ic" + c, ep, "model" + c, distinct.get(k), copies, null, null));
            }
            int instances = 1;
            for (int k = 0; k < distinct.size(); k++) {
                int perGpu = (int) layout.stream().filter(distinct.get(k)::equals).count();
                instances = Math.max(instances, (perProfile[k] + 8 * perGpu - 1) / (8 * perGpu));
            }
            eps.add(new Endpoint(ep, p5 ? "ml.p5.48xlarge" : "ml.p4d.24xlarge", instances, layout));
        }
        return new Spec(Spec.API_VERSION, "bench-c", List.of(), List.of(), List.of(), eps, ics, List.of());
    }

    /** One service changed: the first one gets {@code more} copies more. */
    static Spec oneServiceChanged(Spec spec, int more) {
        List<Service> svcs = new ArrayList<>(spec.services());
        Service s = svcs.getFirst();
        svcs.set(0, new Service(s.name(), s.taskDefinition(), s.capacityProvider(), s.desiredCount() + more, s.placementStrategy()));
        return new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(), svcs,
                spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes());
    }

    /** (d) +1 % copies: every hundredth service gets 10 more copies (the first service at least). */
    static Spec grow(Spec spec) {
        List<Service> svcs = new ArrayList<>();
        for (int i = 0; i < spec.services().size(); i++) {
            Service s = spec.services().get(i);
            svcs.add(i % 100 == 0 ? new Service(s.name(), s.taskDefinition(), s.capacityProvider(), s.desiredCount() + 10,
                    s.placementStrategy()) : s);
        }
        return new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(), svcs,
                spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes());
    }
}
