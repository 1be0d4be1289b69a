package dev.gpushare.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-worked fleets: every figure of the cost and GPU memory summary, exact. */
class StrandedMemoryTest {
    private static final Catalog CATALOG = Catalog.builtIn();
    private static final long L4 = 22563; // usable MiB of an L4 (23,034 less 471 reserved)

    private static Allocation mps(String task, long mib) {
        return new Allocation(TaskId.parse(task), "model", mib, null, null, Map.of());
    }

    private static Allocation whole(String task) {
        return new Allocation(TaskId.parse(task), "model", null, null, null, Map.of());
    }

    private static Gpu gpu(int index, GpuMode mode, long mib, Allocation... allocations) {
        return new Gpu(index, "L4", mib, mode, null, List.of(), List.of(allocations));
    }

    private static Spec spec(List<CapacityProvider> cps, List<TaskDefinition> tds, List<Service> services,
                             List<Endpoint> eps, List<InferenceComponent> ics) {
        return new Spec(Spec.API_VERSION, "c", cps, tds, services, eps, ics, List.of());
    }

    private static TaskDefinition task(String family, GpuRequirement gpu) {
        return new TaskDefinition(family, null, null, List.of(new Container("model", "i", gpu)));
    }

    /**
     * One g6.12xlarge (4 × L4, 22,563 MiB usable each) of an MPS pool; service a reserves 10,240 MiB
     * per copy, service b 6,144 MiB, so the smallest copy is 6,144 MiB.
     * <pre>
     * gpu 0  a/0 + a/1 = 20,480  free 22,563 − 20,480 =  2,083  &lt; 6,144 → stranded
     * gpu 1  b/0..b/2  = 18,432  free 22,563 − 18,432 =  4,131  &lt; 6,144 → stranded
     * gpu 2  a/2       = 10,240  free 22,563 − 10,240 = 12,323  ≥ 6,144 → usable
     * gpu 3  idle                free                  22,563  ≥ 6,144 → usable
     * usable 4 × 22,563 = 90,252; allocated 49,152; idle 41,100; stranded 2,083 + 4,131 = 6,214
     * $/hour: one g6.12xlarge, 4.6016
     * </pre>
     */
    @Test
    void mpsPoolFreeMemoryBelowTheSmallestCopyIsStranded() {
        FleetState state = new FleetState("c", List.of(new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"), "g6.12xlarge", true, null, List.of(
                gpu(0, GpuMode.MPS, L4, mps("a/0", 10240), mps("a/1", 10240)),
                gpu(1, GpuMode.MPS, L4, mps("b/0", 6144), mps("b/1", 6144), mps("b/2", 6144)),
                gpu(2, GpuMode.MPS, L4, mps("a/2", 10240)),
                gpu(3, GpuMode.IDLE, L4)))), List.of());
        Spec spec = spec(List.of(new CapacityProvider("l4", "g6.12xlarge", 0, 4, null)),
                List.of(task("a", new GpuRequirement.NvidiaMps(10240, null)), task("b", new GpuRequirement.NvidiaMps(6144, 50))),
                List.of(new Service("a", "a", "l4", 3, PlacementStrategy.BINPACK),
                        new Service("b", "b", "l4", 3, PlacementStrategy.BINPACK)), List.of(), List.of());

        FleetUsage u = FleetUsage.of(state, spec, CATALOG);

        assertThat(u.memory()).isEqualTo(new GpuMemory(90252, 49152, 41100, 6214));
        assertThat(u.costPerHour()).isEqualByComparingTo("4.6016");
        assertThat(u.idleGpus()).isEqualTo(1);
        assertThat(u.pools()).singleElement().satisfies(p -> {
            assertThat(p.capacityProvider()).isEqualTo("l4");
            assertThat(p.smallestCopyMiB()).isEqualTo(6144L);
            assertThat(p.memory()).isEqualTo(u.memory());
        });
        // status has no spec: the sizes read off the allocations are the same
        assertThat(FleetUsage.of(state, CATALOG)).isEqualTo(u);
    }

    /**
     * An ml.g7e.12xlarge endpoint (2 × RTX PRO 6000) with layout 2g.48gb + 1g.24gb × 2 and one
     * component of type 2g.48gb (48,512 MiB), two copies:
     * <pre>
     * per GPU: 2g@0 used (48,512), 1g@6 free (24,192), 1g@9 free (24,192) → usable 96,896
     * usable 193,792; allocated 2 × 48,512 = 97,024; idle 96,768
     * each free 1g (24,192) &lt; 48,512 → stranded 4 × 24,192 = 96,768 (all the idle memory)
     * $/hour: ml.g7e.12xlarge = g7e.12xlarge 8.28608 × 1.25 = 10.3576
     * </pre>
     * With a second component of type 1g.24gb the smallest copy is 24,192 and nothing is stranded.
     */
    @Test
    void freeMigInstancesSmallerThanEveryComponentAreStranded() {
        List<MigPartition> layout = List.of(new MigPartition("2g.48gb", 0, 48512), new MigPartition("1g.24gb", 6, 24192),
                new MigPartition("1g.24gb", 9, 24192));
        List<Gpu> gpus = new ArrayList<>();
        for (int g = 0; g < 2; g++) {
            gpus.add(new Gpu(g, "RTX-PRO-6000", 95885, GpuMode.MIG, null, layout, List.of(new Allocation(TaskId.parse("big/" + g), "llm",
                    null, null, new Allocation.PartitionRef("2g.48gb", 0), Map.of()))));
        }
        FleetState state = new FleetState("c", List.of(new Instance(InstanceId.parse("mig-0"), new Owner.Endpoint("mig"), "ml.g7e.12xlarge", true, null, gpus)),
                List.of());
        Endpoint ep = new Endpoint("mig", "ml.g7e.12xlarge", 1, List.of("mig-2g.48gb", "mig-1g.24gb", "mig-1g.24gb"));
        InferenceComponent big = new InferenceComponent("big", "mig", "llm", "mig-2g.48gb", 2, null, null);

        FleetUsage u = FleetUsage.of(state, spec(List.of(), List.of(), List.of(), List.of(ep), List.of(big)), CATALOG);

        assertThat(u.memory()).isEqualTo(new GpuMemory(193792, 97024, 96768, 96768));
        assertThat(u.costPerHour()).isEqualByComparingTo("10.3576");
        assertThat(u.idleGpus()).isZero();
        assertThat(u.pools()).singleElement().satisfies(p -> assertThat(p.endpoint()).isEqualTo("mig"));

        InferenceComponent small = new InferenceComponent("small", "mig", "emb", "mig-1g.24gb", 1, null, null);
        FleetUsage withSmall = FleetUsage.of(state, spec(List.of(), List.of(), List.of(), List.of(ep), List.of(big, small)), CATALOG);
        assertThat(withSmall.memory().strandedMiB()).isZero();
    }

    /**
     * Two g6.12xlarge of an EXCLUSIVE pool whose copies take 3 whole GPUs each (3 × 22,563 = 67,689 MiB):
     * <pre>
     * each instance: t/N on GPUs 0–2, GPU 3 idle (22,563 &lt; 67,689 → stranded)
     * usable 8 × 22,563 = 180,504; allocated 6 × 22,563 = 135,378; idle = stranded = 45,126
     * $/hour 2 × 4.6016 = 9.2032; with discountPercent 25: 9.2032 × 0.75 = 6.9024
     * </pre>
     * The idle GPUs of one instance count as one fragment: with copies of 2 GPUs and two idle GPUs
     * on one instance, nothing is stranded.
     */
    @Test
    void idleWholeGpusTooFewForACopyAreStranded() {
        List<Instance> instances = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String t = "t/" + i;
            instances.add(new Instance(InstanceId.parse("x-" + i), new Owner.CapacityProvider("x"), "g6.12xlarge", true, null, List.of(
                    gpu(0, GpuMode.DEDICATED, L4, whole(t)), gpu(1, GpuMode.DEDICATED, L4, whole(t)),
                    gpu(2, GpuMode.DEDICATED, L4, whole(t)), gpu(3, GpuMode.IDLE, L4))));
        }
        FleetState state = new FleetState("c", instances, List.of());
        CapacityProvider x = new CapacityProvider("x", "g6.12xlarge", 0, 2, new GpuSharing.Exclusive());
        Spec spec = spec(List.of(x), List.of(task("t", new GpuRequirement.Whole(3))),
                List.of(new Service("t", "t", "x", 2, PlacementStrategy.BINPACK)), List.of(), List.of());

        FleetUsage u = FleetUsage.of(state, spec, CATALOG);

        assertThat(u.memory()).isEqualTo(new GpuMemory(180504, 135378, 45126, 45126));
        assertThat(u.costPerHour()).isEqualByComparingTo("9.2032");
        assertThat(u.idleGpus()).isEqualTo(2);
        Spec discounted = new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(),
                spec.services(), spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes(),
                new dev.gpushare.model.Pricing(null, new BigDecimal("25"), List.of()));
        assertThat(FleetUsage.of(state, discounted, CATALOG).costPerHour()).isEqualByComparingTo("6.9024");

        FleetState twoIdle = new FleetState("c", List.of(new Instance(InstanceId.parse("x-0"), new Owner.CapacityProvider("x"), "g6.12xlarge", true, null, List.of(
                gpu(0, GpuMode.DEDICATED, L4, whole("t/0")), gpu(1, GpuMode.DEDICATED, L4, whole("t/0")),
                gpu(2, GpuMode.IDLE, L4), gpu(3, GpuMode.IDLE, L4)))), List.of());
        Spec twoGpuCopies = spec(List.of(x), List.of(task("t", new GpuRequirement.Whole(2))),
                List.of(new Service("t", "t", "x", 1, PlacementStrategy.BINPACK)), List.of(), List.of());
        assertThat(FleetUsage.of(twoIdle, twoGpuCopies, CATALOG).memory().strandedMiB()).isZero();
    }

    @Test
    void aPoolWithoutGpuCopiesStrandsNothingAndAnUnpricedTypeIsCounted() {
        FleetState state = new FleetState("c", List.of(new Instance(InstanceId.parse("own-0"), new Owner.CapacityProvider("own"), "onprem", true, null,
                List.of(gpu(0, GpuMode.IDLE, L4)))), List.of());

        FleetUsage u = FleetUsage.of(state, PriceList.of(CATALOG), CopySizes.none());

        assertThat(u.memory()).isEqualTo(new GpuMemory(L4, 0, L4, 0));
        assertThat(u.unpricedInstances()).isEqualTo(1);
        assertThat(u.costPerHour()).isEqualByComparingTo("0");
        assertThat(UsageText.render(u)).contains("0.00+?").contains("1 instance has no price");
    }
}
