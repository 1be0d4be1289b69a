package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Changes to an applied spec give the smallest plan; the text plans are golden files. */
class MinimalPlanTest {
    @TempDir Path dir;

    private Plan planAfter(Spec applied, Spec changed) {
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            assertThat(gs.apply(gs.plan(applied))).isInstanceOf(ApplyOutcome.Applied.class);
            Plan plan = gs.plan(changed);
            // and applying it converges
            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(changed).actions()).isEmpty();
            return plan;
        }
    }

    @Test
    void scaleUpPlacesOnlyTheNewCopies() {
        // 12 → 14 copies of 4,096 MiB: 5 fit on one 22,563 MiB L4 (5 × 4,096 = 20,480), so 20 per
        // g6.12xlarge; the 12 stay, 2 are placed on the same instance, nothing launched or moved
        Plan plan = planAfter(Specs.mpsService(12, 4096), Specs.mpsService(14, 4096));
        assertThat(plan.actions()).filteredOn(a -> !(a instanceof Action.ConfigureGpu))
                .extracting(a -> ((PlaceCopy) a).task()).containsExactly(new TaskId("embedder", 12), new TaskId("embedder", 13));
        Golden.assertMatches("plan/scale-up.txt", PlanText.render(plan));
    }

    @Test
    void scaleDownStopsOnlyTheHighestCopies() {
        // 12 → 9: copies 9, 10, 11 stop (highest N first); the other 9 stay where they are
        Plan plan = planAfter(Specs.mpsService(12, 4096), Specs.mpsService(9, 4096));
        assertThat(plan.actions()).filteredOn(a -> !(a instanceof Action.ConfigureGpu))
                .extracting(a -> ((StopCopy) a).task())
                .containsExactly(new TaskId("embedder", 9), new TaskId("embedder", 10), new TaskId("embedder", 11));
        Golden.assertMatches("plan/scale-down.txt", PlanText.render(plan));
    }

    @Test
    void scaleBeyondOneInstanceLaunchesOne() {
        // 20 copies fill one instance (4 GPUs × 5); 24 needs a second one for the 4 new copies
        Plan plan = planAfter(Specs.mpsService(20, 4096), Specs.mpsService(24, 4096));
        assertThat(PlanText.summary(plan)).startsWith("Plan: 1 instance to launch, 4 copies to place, 0 to move, 0 to stop");
        assertThat(plan.actions()).noneMatch(a -> a instanceof MoveCopy || a instanceof StopCopy);
        Golden.assertMatches("plan/scale-out.txt", PlanText.render(plan));
    }

    @Test
    void reorderedEndpointLayoutReplacesTheEndpointInstance() {
        Spec before = Specs.endpoint(List.of("mig-3g.20gb", "mig-4g.20gb"), "mig-4g.20gb", 2);
        Spec after = Specs.endpoint(List.of("mig-4g.20gb", "mig-3g.20gb"), "mig-4g.20gb", 2);
        Plan plan = planAfter(before, after);
        assertThat(plan.actions()).filteredOn(ReplaceInstance.class::isInstance).hasSize(1);
        assertThat(plan.actions()).filteredOn(PlaceCopy.class::isInstance).hasSize(2);
        assertThat(PlanText.render(plan)).contains("-/+ replace  partition-demo-0")
                .contains("partition layout [3g.20gb, 4g.20gb] → [4g.20gb, 3g.20gb] forces replacement");
        Golden.assertMatches("plan/layout-reorder.txt", PlanText.render(plan));
    }

    @Test
    void addingACopyToAnEndpointPlacesOnlyThatCopy() {
        Spec before = Specs.endpoint(List.of("mig-3g.20gb", "mig-4g.20gb"), "mig-4g.20gb", 2);
        Spec after = Specs.endpoint(List.of("mig-3g.20gb", "mig-4g.20gb"), "mig-4g.20gb", 3);
        Plan plan = planAfter(before, after);
        assertThat(plan.actions()).singleElement().isInstanceOfSatisfying(PlaceCopy.class,
                p -> assertThat(p.task()).isEqualTo(new TaskId("demo-ic", 2)));
    }

    @Test
    void changingALimitTouchesOnlyThatTaskDefinitionsCopies() {
        Plan plan = planAfter(twoServices(25), twoServices(50));
        // only the 4 "small" copies get the new compute limit; the 3 "big" copies stay
        assertThat(plan.actions()).filteredOn(a -> !(a instanceof Action.ConfigureGpu)).allSatisfy(a ->
                assertThat(a).isInstanceOfSatisfying(MoveCopy.class, m -> assertThat(m.task().group()).isEqualTo("small")));
        assertThat(plan.actions()).filteredOn(MoveCopy.class::isInstance).hasSize(4);
    }

    private static Spec twoServices(int smallPercent) {
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: two
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 4}
                taskDefinitions:
                  - family: small
                    containers: [{name: model, image: "a:1", gpu: {nvidiaMps: {memory: 2048, maxComputePercent: %d}}}]
                  - family: big
                    containers: [{name: model, image: "b:1", gpu: {nvidiaMps: {memory: 8192, maxComputePercent: 50}}}]
                services:
                  - {name: small, taskDefinition: small, capacityProvider: l4, desiredCount: 4}
                  - {name: big, taskDefinition: big, capacityProvider: l4, desiredCount: 3}
                """.formatted(smallPercent));
    }
}
