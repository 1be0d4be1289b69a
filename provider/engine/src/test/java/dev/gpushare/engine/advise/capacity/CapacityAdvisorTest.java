package dev.gpushare.engine.advise.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** advise capacity on small specs whose figures are worked out by hand. */
class CapacityAdvisorTest {
    /**
     * One service: 4 copies of one MPS container of 10,240 MiB and 50 %, cpu 1 vCPU, 2 GiB, on a
     * g6e.12xlarge pool.
     */
    private static final String ONE_SERVICE = """
            apiVersion: gpushare.dev/v1
            cluster: c
            capacityProviders:
              - {name: big, instanceType: g6e.12xlarge, maxInstances: 2, gpuSharing: {strategy: MPS}}
            taskDefinitions:
              - family: emb
                cpu: 1024
                memory: 2048
                containers: [{name: model, image: i, gpu: {nvidiaMps: {memory: 10240, maxComputePercent: 50}}}]
            services:
              - {name: emb, taskDefinition: emb, capacityProvider: big, desiredCount: 4}
            """;

    private static ResolvedSpec resolved(String yaml) {
        return Pipeline.check("spec.yaml", yaml).orThrow();
    }

    private static Alternative find(WorkloadAdvice w, String label) {
        return w.alternatives().stream().filter(a -> a.label().equals(label)).findFirst().orElseThrow();
    }

    /**
     * <pre>
     * MPS on g6.xlarge:    an L4 (22,563 MiB) holds 2 copies (20,480); 4 vCPUs / 16 GiB hold both tasks
     *                      → 2 instances × 0.8048 = 1.6096 $/h; allocated 40,960 / 45,126 = 90.8 %
     * whole GPUs on g4dn.xlarge: a T4 (15,046 ≥ 10,240) per copy → 4 × 0.526 = 2.104 $/h
     * MPS on g5.xlarge:    an A10G (22,557) holds 2 → 2 × 1.006 = 2.012 $/h
     * fractional g6f.4xlarge: a half L4 (11,444 ≥ 10,240) per copy → 4 × 0.95 = 3.80 $/h
     * time-slicing on g6.xlarge: ⌊22,563 / 10,240⌋ = 2 replicas → as MPS, 1.6096 $/h, weaker isolation
     * </pre>
     * Cheapest: MPS on g6.xlarge (ties with time-slicing, which isolates less and comes second);
     * with --isolation mig: whole GPUs on g4dn.xlarge.
     */
    @Test
    void alternativesArePlacedAndPricedAndTheCheapestIsChosen() {
        CapacityAdvice any = CapacityAdvisor.advise(resolved(ONE_SERVICE), Isolation.ANY);

        WorkloadAdvice w = any.workloads().getFirst();
        assertThat(w.gpuMemoryMiB()).isEqualTo(10240);
        assertThat(w.maxComputePercent()).isEqualTo(50);
        Alternative mps = find(w, "MPS on g6.xlarge");
        assertThat(mps.instances()).isEqualTo(2);
        assertThat(mps.costPerHour()).isEqualByComparingTo("1.6096");
        assertThat(mps.allocatedPercent()).isCloseTo(100.0 * 40960 / 45126, org.assertj.core.data.Offset.offset(0.01));
        assertThat(find(w, "whole GPUs on g4dn.xlarge").costPerHour()).isEqualByComparingTo("2.104");
        assertThat(find(w, "MPS on g5.xlarge").costPerHour()).isEqualByComparingTo("2.012");
        assertThat(find(w, "fractional GPU on g6f.4xlarge").costPerHour()).isEqualByComparingTo("3.8");
        assertThat(find(w, "time-slicing ×2 on g6.xlarge").costPerHour()).isEqualByComparingTo("1.6096");
        assertThat(w.chosen().label()).isEqualTo("MPS on g6.xlarge");
        assertThat(w.alternatives().get(1).label()).isEqualTo("time-slicing ×2 on g6.xlarge");
        // feasible first, cheapest first
        List<Alternative> feasible = w.alternatives().stream().filter(Alternative::feasible).toList();
        for (int i = 1; i < feasible.size(); i++) {
            assertThat(feasible.get(i).costPerHour()).isGreaterThanOrEqualTo(feasible.get(i - 1).costPerHour());
        }
        assertThat(w.asSpecified().label()).isEqualTo("MPS on g6e.12xlarge");
        assertThat(any.usage().costPerHour()).isEqualByComparingTo("1.6096");
        assertThat(any.givenPerHour()).isEqualByComparingTo("10.49264");

        CapacityAdvice mig = CapacityAdvisor.advise(resolved(ONE_SERVICE), Isolation.MIG);
        assertThat(mig.workloads().getFirst().chosen().label()).isEqualTo("whole GPUs on g4dn.xlarge");
        assertThat(mig.usage().costPerHour()).isEqualByComparingTo("2.104");
        assertThat(CapacityAdvisor.advise(resolved(ONE_SERVICE), Isolation.MPS).workloads().getFirst().chosen().form())
                .isEqualTo(SharingForm.MPS);
    }

    @Test
    void theChosenSpecIsValidPlacesEverythingAndCostsWhatTheAdviceSays() {
        for (Isolation floor : Isolation.values()) {
            CapacityAdvice advice = CapacityAdvisor.advise(resolved(ONE_SERVICE), floor);

            Checked checked = Pipeline.check(advice.spec());
            assertThat(checked.problems()).as(floor.name()).isEmpty();
            ResolvedSpec chosen = checked.orThrow();
            FleetState placed = Pipeline.place(chosen);
            assertThat(placed.unplaced()).isEmpty();
            assertThat(FleetUsage.of(placed, chosen).costPerHour()).isEqualByComparingTo(advice.usage().costPerHour());
            BigDecimal pools = advice.pools().stream().map(CapacityAdvice.ChosenPool::costPerHour).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(pools).isEqualByComparingTo(advice.usage().costPerHour());
        }
    }

    /**
     * Two services that each alone are cheapest on small instances share a pool: three copies of
     * 8,192 MiB (a) and three of 12,288 MiB (b) need 61,440 MiB; on one g6.12xlarge (4 × 22,563) they
     * fit: 4.6016 $/h, against a alone and b alone; the advisor takes the shared pool only when it is
     * not dearer than the two apart.
     */
    @Test
    void servicesThatCanSharePoolsAreCombinedWhenThatIsCheaper() {
        CapacityAdvice advice = CapacityAdvisor.advise(resolved("""
                apiVersion: gpushare.dev/v1
                cluster: c
                capacityProviders:
                  - {name: p, instanceType: g6.12xlarge, maxInstances: 4}
                taskDefinitions:
                  - {family: a, cpu: 1024, memory: 2048, containers: [{name: m, image: i, gpu: {nvidiaMps: {memory: 8192}}}]}
                  - {family: b, cpu: 1024, memory: 2048, containers: [{name: m, image: i, gpu: {nvidiaMps: {memory: 12288}}}]}
                services:
                  - {name: a, taskDefinition: a, capacityProvider: p, desiredCount: 3}
                  - {name: b, taskDefinition: b, capacityProvider: p, desiredCount: 3}
                """), Isolation.ANY);

        assertThat(advice.usage().costPerHour()).isLessThanOrEqualTo(advice.apartPerHour());
        BigDecimal alone = advice.workloads().stream().map(w -> w.alternatives().getFirst().costPerHour())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(advice.usage().costPerHour()).isLessThanOrEqualTo(alone);
        assertThat(advice.pools()).anySatisfy(p -> assertThat(p.workloads()).containsExactly("a", "b"));
        assertThat(advice.unadvised()).isEmpty();
    }

    @Test
    void endpointsAreOfferedWholeGpusAndMigOnSageMakerTypesOnly() {
        CapacityAdvice advice = CapacityAdvisor.advise(resolved("""
                apiVersion: gpushare.dev/v1
                cluster: c
                endpoints:
                  - {name: e, instanceType: ml.g6e.2xlarge, instanceCount: 2}
                inferenceComponents:
                  - {name: llm, endpoint: e, model: m, copyCount: 2, gpuMemoryMiB: 18432}
                """), Isolation.ANY);

        WorkloadAdvice w = advice.workloads().getFirst();
        assertThat(w.service()).isFalse();
        assertThat(w.alternatives()).allSatisfy(a -> {
            assertThat(a.instanceType()).startsWith("ml.");
            assertThat(a.form()).isIn(SharingForm.WHOLE_GPU, SharingForm.MIG);
        });
        // 18,432 MiB: an L4 (22,563) whole per copy, 2 × ml.g6.xlarge = 2 × 0.8048 × 1.4 = 2.25344
        assertThat(w.chosen().label()).isEqualTo("whole GPUs on ml.g6.xlarge");
        assertThat(w.chosen().costPerHour()).isEqualByComparingTo("2.25344");
        // MIG: 3g.20gb (19,968 ≥ 18,432) on an A100-40GB of ml.p4d: both copies on one instance
        Alternative p4d = find(w, "MIG [3g.20gb ×2] on ml.p4d.24xlarge");
        assertThat(p4d.instances()).isEqualTo(1);
        assertThat(w.asSpecified().costPerHour()).isEqualByComparingTo(new BigDecimal("2.80260").multiply(BigDecimal.valueOf(2)));
    }
}
