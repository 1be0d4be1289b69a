package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rollouts of a new image on an MPS pool, table by table, folded wave by wave ({@link RolloutWaves}).
 *
 * <p>The pool: g6.12xlarge, 4 × L4 of 22,563 MiB usable. 16 copies of 5,470 MiB fill it 97 %: 4 on
 * each GPU, 4 × 5,470 = 21,880 MiB, 683 MiB free per GPU. Half of that (8 copies) leaves two on
 * each GPU: 11,623 MiB free, room for two new copies next to the old ones.
 */
class RolloutWavesTest {
    static Spec spec(int copies, int memory, String image, String deployment) {
        return spec(copies, memory, image, deployment, 1);
    }

    static Spec spec(int copies, int memory, String image, String deployment, int maxInstances) {
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: waves
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: %d}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - {name: model, image: "%s", gpu: {nvidiaMps: {memory: %d, maxComputePercent: 25}}}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: %d
                %s
                """.formatted(maxInstances, image, memory, copies, deployment.isEmpty() ? "" : "    " + deployment));
    }

    static Stream<Arguments> rollouts() {
        return Stream.of(
                // 97 % full, minimumHealthyPercent 100 (the default), maxInstances 1: no GPU has 5,470 MiB
                // next to its 4 copies (683 free), no surge instance (1 of maxInstances 1 runs), no copy
                // may stop first (⌈100 % × 16⌉ = 16 stay): refused; raising maxInstances to 2 or lowering
                // the minimum to ⌊15 × 100 / 16⌋ = 93 (⌈0.93 × 16⌉ = 15 stay) would let it run
                Arguments.of(16, "", 1, -1, 0, 0, "needs 5470 MiB free on one L4 (L4 GPU l4-0/0 has 683 of 22563 MiB free next to the"
                        + " copies it runs) or 1 more g6.12xlarge; maxInstances 1 is reached and minimumHealthyPercent 100 (desiredCount 16)"
                        + " lets no copy stop first: raise maxInstances to 2 or lower minimumHealthyPercent to 93"),
                // 97 % full, maxInstances 2: a surge instance l4-1 (4 × 22,563 MiB) takes the 16 new copies,
                // 4 per GPU (4 × 5,470 = 21,880 ≤ 22,563); maximumPercent 200 lets all 16 start first → one
                // wave, none stopped, 1 extra instance at $4.6016/h; l4-0, emptied, is terminated after
                Arguments.of(16, "", 2, 1, 0, 1, ""),
                // 97 % full, maxInstances 1, minimumHealthyPercent 75: no surge instance, ⌈12⌉ stay, 4 stop
                // first per wave → 16 / 4 = 4 waves
                Arguments.of(16, "deploymentConfiguration: {minimumHealthyPercent: 75}", 1, 4, 16, 0, ""),
                // 97 % full, maxInstances 2 but maximumPercent 100: nothing may start first (⌊16⌋ − 16 = 0),
                // so no surge either; minimumHealthyPercent 75 → stop first, 4 waves as above
                Arguments.of(16, "deploymentConfiguration: {minimumHealthyPercent: 75, maximumPercent: 100}", 2, 4, 16, 0, ""),
                // half full: every GPU has 11,623 MiB free, room for 2 new copies next to its 2 old ones;
                // maximumPercent 200 lets all 8 start first → one wave, none stopped
                Arguments.of(8, "", 1, 1, 0, 0, ""),
                // half full, maximumPercent 125: ⌊10⌋ run, 2 start first per wave → 4 waves
                Arguments.of(8, "deploymentConfiguration: {maximumPercent: 125}", 1, 4, 0, 0, ""),
                // half full, min 50 max 100: no surge (⌊8⌋ = 8), 4 stop first per wave → 2 waves
                Arguments.of(8, "deploymentConfiguration: {minimumHealthyPercent: 50, maximumPercent: 100}", 1, 2, 8, 0, ""));
    }

    @ParameterizedTest(name = "{0} copies {1} maxInstances {2}")
    @MethodSource("rollouts")
    void aNewImageRollsOutInWavesThatFit(int copies, String deployment, int maxInstances, int waves, int stopFirst, int extra,
                                         String refusal) {
        Spec before = spec(copies, 5470, "acme/embedder:1.5", deployment, maxInstances),
                after = spec(copies, 5470, "acme/embedder:1.6", deployment, maxInstances);
        FleetState[] current = new FleetState[1];
        Plan plan = RolloutWaves.planFrom(before, after, current);
        Revision now = Revision.of(after.taskDefinitions().getFirst());
        if (waves < 0) {
            assertThat(RolloutWaves.refused(plan)).isTrue();
            assertThat(plan.actions()).as("a refused rollout is left out whole").isEmpty();
            assertThat(plan.desired().unplaced()).singleElement().satisfies(u -> {
                assertThat(u.code()).isEqualTo(PlacementCode.ROLLOUT_NO_ROOM);
                assertThat(u.message()).contains(refusal);
            });
            assertThat(plan.rollouts()).isEmpty();
            return;
        }
        assertThat(plan.rollouts()).singleElement().satisfies(r -> {
            assertThat(r.waves()).isEqualTo(waves);
            assertThat(r.stopFirst()).isEqualTo(stopFirst);
            assertThat(r.copies()).isEqualTo(copies);
            assertThat(r.to()).isEqualTo(now.value());
            assertThat(r.extraInstances()).isEqualTo(extra);
        });
        long launches = plan.actions().stream().filter(a -> a instanceof Action.LaunchInstance).count();
        long terminations = plan.actions().stream().filter(a -> a instanceof Action.TerminateInstance).count();
        assertThat(launches).as("surge instances launched").isEqualTo(extra);
        assertThat(terminations).as("instances emptied and terminated").isEqualTo(extra);
        if (extra > 0) {
            assertThat(PlanText.render(plan)).contains("peak 1 extra g6.12xlarge ($4.60/h while it runs)");
        }
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        Map<TaskId, Revision> revisions = RolloutWaves.revisions(reached);
        assertThat(revisions).hasSize(copies).allSatisfy((t, r) -> assertThat(r).isEqualTo(now));
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
        assertThat(reached.instances()).as("instances when the rollout ends").hasSize(current[0].instances().size());
        // the next plan, from the state reached, is empty
        Plan next = Planner.plan(dev.gpushare.engine.resolve.ResolvedSpec.of(after),
                new dev.gpushare.engine.backend.Snapshot(reached, 2, Map.of()));
        assertThat(next.actions()).as("plan after the rollout%n%s", PlanText.render(next)).isEmpty();
    }

    /**
     * A copy that has no room next to its old one may start on another GPU of the pool, but only on
     * an instance whose host has room for it too: apply measures host CPU and memory after every
     * action ({@code ACTION_CAPACITY}), so a wave must not start a copy where the host is full.
     *
     * <p>g6.12xlarge: 4 × L4 (22,563 MiB usable), 49,152 host CPU units. 4 embedders of 20,000 MiB
     * and 4,096 units, and one hog of 1,024 MiB and 40,960 units: 4 × 4,096 + 40,960 = 57,344 >
     * 49,152, so two instances: l4-0 holds the hog and embedders 0 and 1 (40,960 + 2 × 4,096 =
     * 49,152, its host full), l4-1 embedders 2 and 3. No new copy fits next to its old one (2 ×
     * 20,000 > 22,563), minimumHealthyPercent 100 lets none stop first and maximumPercent 125 lets
     * one start first (⌊1.25 × 4⌋ − 4 = 1): 4 waves, each starting one copy on a free GPU. In wave
     * 1, l4-0 comes first in the pool's order and its GPUs 2 and 3 are free, but its host has 0 units
     * free (the old embedder/0 still runs beside its new copy until the wave ends): embedder/0's new
     * copy starts on l4-1 (GPU 2). Every later step is measured the same way ({@link
     * RolloutWaves#assertAdmitted}: every prefix, placement's own checks).
     */
    @org.junit.jupiter.api.Test
    void aCopyStartsElsewhereOnlyWhereTheHostHasRoom() {
        Spec before = hostSpec("acme/embedder:1.5"), after = hostSpec("acme/embedder:1.6");
        FleetState[] current = new FleetState[1];
        Plan plan = RolloutWaves.planFrom(before, after, current);
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
        assertThat(plan.rollouts()).singleElement().satisfies(r -> assertThat(r.waves()).isEqualTo(4));
        // the first copy started while l4-0's host is full starts on l4-1, not on l4-0's free GPUs
        Action.MoveCopy first = plan.actions().stream().filter(a -> a instanceof Action.MoveCopy m && m.task().ordinal() == 0)
                .map(a -> (Action.MoveCopy) a).findFirst().orElseThrow();
        assertThat(first.to()).singleElement().satisfies(p -> assertThat(p.instanceId().toString()).isEqualTo("l4-1"));
    }

    private static Spec hostSpec(String image) {
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: waves
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
                taskDefinitions:
                  - family: embedder
                    cpu: 4096
                    containers:
                      - {name: model, image: "%s", gpu: {nvidiaMps: {memory: 20000, maxComputePercent: 25}}}
                  - family: hog
                    cpu: 40960
                    containers:
                      - {name: model, image: "acme/hog:1", gpu: {nvidiaMps: {memory: 1024, maxComputePercent: 10}}}
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 4,
                     deploymentConfiguration: {maximumPercent: 125}}
                  - {name: hog, taskDefinition: hog, capacityProvider: l4, desiredCount: 1}
                """.formatted(image));
    }

    /**
     * A copy started on another GPU to free room never goes to a GPU that a later action of the
     * plan reconfigures: apply's end check refuses a GPU left IDLE with copies on it.
     *
     * <p>One g6.12xlarge (4 × L4, 22,563 MiB): GPU 0 runs embedder/0 (20,000 MiB), GPU 1 filler/1
     * (1,024), GPU 2 filler/2 (20,000), GPU 3 nothing. The plan moves filler/1 to GPU 3 and then
     * configures GPU 1 MPS → IDLE; embedder/0's new revision has no room next to its old copy
     * (2 × 20,000 > 22,563). GPU 1 (22,563 free once filler/1 left) comes first in the pool's
     * order but is being turned IDLE; GPU 3 (22,563 − 1,024 = 21,539 ≥ 20,000 free) takes it.
     */
    @org.junit.jupiter.api.Test
    void aCopyIsNotStartedOnAGpuTheRestOfThePlanReconfigures() {
        Spec spec = Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: waves
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - {name: model, image: "acme/embedder:1.6", gpu: {nvidiaMps: {memory: 20000}}}
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 1}
                """);
        var id = dev.gpushare.engine.state.InstanceId.parse("l4-0");
        Revision old = Revision.parse("0123456789ab"), now = Revision.of(spec.taskDefinitions().getFirst());
        java.util.function.BiFunction<String, Integer, dev.gpushare.engine.state.Allocation> copy = (task, gpu) -> copyOf(task, gpu,
                task.startsWith("filler/1") ? 1024L : 20000L, task.startsWith("embedder") ? old : null);
        var gpus = new java.util.ArrayList<dev.gpushare.engine.state.Gpu>();
        String[] on = {"embedder/0", "filler/1", "filler/2", null};
        for (int g = 0; g < 4; g++) {
            gpus.add(new dev.gpushare.engine.state.Gpu(g, "L4", 22563, dev.gpushare.engine.state.GpuMode.MPS, null, java.util.List.of(),
                    on[g] == null ? java.util.List.of() : java.util.List.of(copy.apply(on[g], g))));
        }
        FleetState current = new FleetState("waves", java.util.List.of(new dev.gpushare.engine.state.Instance(id,
                new dev.gpushare.engine.state.Owner.CapacityProvider("l4"), "g6.12xlarge", true, null, gpus)), java.util.List.of());
        var filler = copy.apply("filler/1", 1);
        var embedder = copy.apply("embedder/0", 0);
        java.util.List<Action> actions = java.util.List.of(
                new Action.MoveCopy(TaskId.parse("filler/1"), java.util.List.of(new Action.Placement(id, 1, filler)),
                        java.util.List.of(new Action.Placement(id, 3, copyOf("filler/1", 3, 1024L, null))), "rebalanced", false),
                new Action.MoveCopy(TaskId.parse("embedder/0"), java.util.List.of(new Action.Placement(id, 0, embedder)),
                        java.util.List.of(new Action.Placement(id, 0, embedder.withRevision(now))), "revision", false),
                new Action.ConfigureGpu(id, 1, dev.gpushare.engine.state.GpuMode.MPS, dev.gpushare.engine.state.GpuMode.IDLE, null,
                        java.util.List.of()));
        var resolved = dev.gpushare.engine.resolve.ResolvedSpec.of(spec);
        var result = dev.gpushare.engine.plan.internal.Waves.order(current, actions, resolved,
                dev.gpushare.engine.placement.Admission.of(resolved));
        assertThat(result.refused()).isEmpty();
        Action.MoveCopy started = result.actions().stream().filter(a -> a instanceof Action.MoveCopy m && m.task().group().equals("embedder"))
                .map(a -> (Action.MoveCopy) a).findFirst().orElseThrow();
        assertThat(started.to()).singleElement().satisfies(p -> assertThat(p.gpuIndex()).isEqualTo(3));
        FleetState end = StateFold.apply(current, result.actions());
        assertThat(end.instances().getFirst().gpus().get(1).allocations()).isEmpty();
    }

    private static dev.gpushare.engine.state.Allocation copyOf(String task, int gpu, long memory, Revision revision) {
        return new dev.gpushare.engine.state.Allocation(TaskId.parse(task), "model", memory, null, null,
                dev.gpushare.engine.state.ContainerEnv.of(java.util.List.of(gpu), gpu, memory, null, null), revision);
    }
}
