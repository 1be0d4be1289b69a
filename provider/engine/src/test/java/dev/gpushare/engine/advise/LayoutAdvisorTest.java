package dev.gpushare.engine.advise;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;

/**
 * ml.p4d.24xlarge: 8 × A100-40GB; profiles 1g.5gb 4,864 MiB, 1g.10gb/2g.10gb 9,856, 3g.20gb/4g.20gb
 * 19,968, 7g.40gb 40,192.
 */
class LayoutAdvisorTest {

    private static Spec spec(int instanceCount, InferenceComponent... ics) {
        return new Spec(Spec.API_VERSION, "advise", List.of(), List.of(), List.of(),
                List.of(new Endpoint("ep", "ml.p4d.24xlarge", instanceCount, null)), List.of(ics), List.of());
    }

    private static InferenceComponent ic(String name, int gpuMiB, int copies) {
        return new InferenceComponent(name, "ep", name + "-model", null, copies, null, gpuMiB);
    }

    @Test
    void picksFewestGpusThenLeastWaste() {
        // llm needs 15,000 MiB → 3g/4g (19,968) or 7g; emb needs 4,000 → 1g.5gb (4,864) or bigger.
        // At most one 15,000-capable partition fits a GPU next to anything for emb (3g + 3g leaves no room),
        // so llm × 8 needs 8 GPUs; emb × 14 fits in the 1g.5gb left beside it (3 or 4 per GPU → ≤ 5 GPUs).
        // 8 GPUs = 1 instance. Waste: 8 × (19,968 − 15,000) + 14 × (4,864 − 4,000) = 39,744 + 12,096 = 51,840.
        Advice a = LayoutAdvisor.advise(ResolvedSpec.of(spec(3, ic("llm", 15_000, 8), ic("emb", 4_000, 14))));
        assertThat(a.notAdvised()).isEmpty();
        EndpointAdvice e = a.endpoints().get(0);
        assertThat(e.gpus()).isEqualTo(8);
        assertThat(e.instanceCount()).isEqualTo(1);
        assertThat(e.wastedMiB()).isEqualTo(51_840);
        assertThat(e.partitionTypes().get("emb")).isEqualTo("mig-1g.5gb");
        assertThat(e.partitionTypes().get("llm")).isIn("mig-3g.20gb", "mig-4g.20gb");
        assertThat(e.layoutsSearched()).isGreaterThan(30);
        assertThat(e.partitionLayout()).contains(e.partitionTypes().get("llm"), "mig-1g.5gb");
    }

    @Test
    void twoCopiesPerGpuWhenTheyFitHalfAGpu() {
        // 12 copies of 18,000 MiB: 3g.20gb × 2 per GPU → 6 GPUs, 1 instance; 7g would need 12
        Advice a = LayoutAdvisor.advise(ResolvedSpec.of(spec(2, ic("mid", 18_000, 12))));
        EndpointAdvice e = a.endpoints().get(0);
        assertThat(e.partitionLayout()).containsExactly("mig-3g.20gb", "mig-3g.20gb");
        assertThat(e.gpus()).isEqualTo(6);
        assertThat(e.instanceCount()).isEqualTo(1);
    }

    @Test
    void instanceCountGrowsWithTheCopies() {
        // 20 copies of 30,000 MiB → only 7g.40gb (40,192) → 20 GPUs → ⌈20 / 8⌉ = 3 instances
        EndpointAdvice e = LayoutAdvisor.advise(ResolvedSpec.of(spec(1, ic("big", 30_000, 20)))).endpoints().get(0);
        assertThat(e.partitionLayout()).containsExactly("mig-7g.40gb");
        assertThat(e.gpus()).isEqualTo(20);
        assertThat(e.instanceCount()).isEqualTo(3);
    }

    @Test
    void theAdvisedSpecIsValidAndPlacesEveryCopy() {
        Advice a = LayoutAdvisor.advise(ResolvedSpec.of(spec(3, ic("llm", 15_000, 8), ic("emb", 4_000, 14), ic("tiny", 1_000, 5))));
        Spec advised = a.spec();
        assertThat(advised.endpoints().get(0).partitionLayout()).isEqualTo(a.endpoints().get(0).partitionLayout());
        assertThat(advised.inferenceComponents()).allSatisfy(ic -> {
            assertThat(ic.partitionType()).startsWith("mig-");
            assertThat(ic.gpuMemoryMiB()).isNull();
        });
        assertThat(SpecValidator.validate(advised)).isEmpty();
        FleetState s = Placer.place(ResolvedSpec.of(advised), FleetState.empty("advise"));
        assertThat(s.unplaced()).isEmpty();
        assertThat(s.instances()).hasSize(a.endpoints().get(0).instanceCount());
    }

    @Test
    void tooBigForAnyPartitionIsReported() {
        Advice a = LayoutAdvisor.advise(ResolvedSpec.of(spec(1, ic("huge", 50_000, 1))));
        assertThat(a.endpoints()).isEmpty();
        assertThat(a.notAdvised()).singleElement().satisfies(n -> {
            assertThat(n.code().name()).isEqualTo("GPU_MEMORY_EXCEEDS_PARTITION");
            assertThat(n.message()).contains("40192");
        });
    }

    @Test
    void endpointsWithALayoutAreLeftAlone() {
        Spec s = new Spec(Spec.API_VERSION, "c", List.of(), List.of(), List.of(),
                List.of(new Endpoint("ep", "ml.p4d.24xlarge", 1, List.of("mig-7g.40gb"))),
                List.of(new InferenceComponent("x", "ep", "m", "mig-7g.40gb", 1, null, null)), List.of());
        Advice a = LayoutAdvisor.advise(ResolvedSpec.of(s));
        assertThat(a.endpoints()).isEmpty();
        assertThat(a.spec()).isEqualTo(s);
    }
}
