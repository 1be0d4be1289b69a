package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rollouts on every sharing form where the new copy cannot start next to its old one (the old copy
 * holds the MIG instance, the whole GPU, the time-slicing replicas, the fractional GPU): the waves
 * find free room, or a surge instance, with placement's own {@code Fit.find}, and each step is
 * measured with its {@code Fit.verify} ({@link RolloutWaves#assertAdmitted}). minimumHealthyPercent
 * 100 and maximumPercent 200 (the defaults) throughout: nothing stops first.
 */
class RolloutFormsTest {
    static Stream<Arguments> forms() {
        return Stream.of(
                // MIG: p4d.24xlarge, 8 × A100 each split 3g.20gb + 4g.20gb; 7 copies on 3g.20gb hold GPUs
                // 0–6's, GPU 7's is free. Wave 1 starts copy 0 on GPU 7; copy 1 finds no free 3g.20gb
                // (GPU 0's is copy 0's until the wave ends) and maxInstances 1 allows no surge: a wave
                // each, every copy taking the instance its predecessor freed → 7 waves, no extra instance
                Arguments.of("mig", """
                        capacityProviders:
                          - {name: a100, instanceType: p4d.24xlarge, maxInstances: 1, gpuSharing: {strategy: MIG, partitionLayout: [3g.20gb, 4g.20gb]}}
                        taskDefinitions:
                          - family: m
                            containers: [{name: model, image: "%s", gpu: {partition: 3g.20gb}}]
                        services:
                          - {name: m, taskDefinition: m, capacityProvider: a100, desiredCount: 7}
                        """, 7, 0),
                // whole GPUs: g6.12xlarge EXCLUSIVE, 3 copies of one GPU on GPUs 0–2, GPU 3 free: as
                // above, one copy per wave → 3 waves
                Arguments.of("whole", """
                        capacityProviders:
                          - {name: l4, instanceType: g6.12xlarge, maxInstances: 1, gpuSharing: {strategy: EXCLUSIVE}}
                        taskDefinitions:
                          - family: m
                            containers: [{name: model, image: "%s", gpu: 1}]
                        services:
                          - {name: m, taskDefinition: m, capacityProvider: l4, desiredCount: 3}
                        """, 3, 0),
                // time slicing: g6.12xlarge, 2 replicas per L4; 2 copies of 4 GPUs take both replicas of
                // all 4 GPUs. No free replica; maxInstances 2: a surge instance takes both new copies
                // (maximumPercent 200: 2 start first) → 1 wave, 1 extra instance; l4-0, emptied, is
                // terminated
                Arguments.of("time slicing", """
                        capacityProviders:
                          - {name: l4, instanceType: g6.12xlarge, maxInstances: 2, gpuSharing: {strategy: TIME_SLICING, replicas: 2}}
                        taskDefinitions:
                          - family: m
                            containers: [{name: model, image: "%s", gpu: 4}]
                        services:
                          - {name: m, taskDefinition: m, capacityProvider: l4, desiredCount: 2}
                        """, 1, 1),
                // time slicing with a free replica on each GPU: 1 copy of 4 GPUs, its new copy takes the
                // second replica next to it → 1 wave, no extra instance
                Arguments.of("time slicing beside", """
                        capacityProviders:
                          - {name: l4, instanceType: g6.12xlarge, maxInstances: 1, gpuSharing: {strategy: TIME_SLICING, replicas: 2}}
                        taskDefinitions:
                          - family: m
                            containers: [{name: model, image: "%s", gpu: 4}]
                        services:
                          - {name: m, taskDefinition: m, capacityProvider: l4, desiredCount: 1}
                        """, 1, 0),
                // fractional: g6f.2xlarge (¼ L4, one copy each), 2 copies on q-0 and q-1, maxInstances 3:
                // wave 1 starts copy 0 on a surge instance q-2; copy 1 finds no empty instance (q-0 is
                // copy 0's until the wave ends) and the pool is at 3 → wave 2 starts it on q-0, emptied;
                // q-1, emptied, is terminated → 2 waves, 1 extra instance, 2 instances at the end
                Arguments.of("fractional", """
                        capacityProviders:
                          - {name: q, instanceType: g6f.2xlarge, maxInstances: 3}
                        taskDefinitions:
                          - family: m
                            containers: [{name: model, image: "%s", gpu: 0.25}]
                        services:
                          - {name: m, taskDefinition: m, capacityProvider: q, desiredCount: 2}
                        """, 2, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void aRolloutFindsRoomWithPlacementsOwnFit(String form, String body, int waves, int extra) {
        Spec before = spec(body, "acme/m:1"), after = spec(body, "acme/m:2");
        FleetState[] current = new FleetState[1];
        Plan plan = RolloutWaves.planFrom(before, after, current);
        assertThat(plan.desired().unplaced()).as("%s%n%s", form, PlanText.render(plan)).isEmpty();
        assertThat(plan.rollouts()).singleElement().satisfies(r -> {
            assertThat(r.waves()).as("waves%n%s", PlanText.render(plan)).isEqualTo(waves);
            assertThat(r.stopFirst()).isZero();
            assertThat(r.extraInstances()).isEqualTo(extra);
        });
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        Revision now = Revision.of(after.taskDefinitions().getFirst());
        assertThat(RolloutWaves.revisions(reached)).allSatisfy((t, r) -> assertThat(r).isEqualTo(now));
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
        assertThat(reached.instances()).as("instances when the rollout ends").hasSize(current[0].instances().size());
        Plan next = Planner.plan(ResolvedSpec.of(after), new Snapshot(reached, 2, Map.of()));
        assertThat(next.actions()).as("plan after the rollout%n%s", PlanText.render(next)).isEmpty();
    }

    /**
     * An inference component whose model changes rolls out as SageMaker's rolling update, not as one
     * move per copy onto the partition it already holds: the copy's container is named after the
     * model, so only the name and the revision change. ml.p4d.24xlarge, 8 × A100 each split 4g.20gb +
     * 3g.20gb; 4 copies on GPUs 0–3's 4g.20gb, GPUs 4–7's free. maximumBatchSize 2 copies: wave 1
     * starts copies 0 and 1 on GPUs 4 and 5, wave 2 copies 2 and 3 on the 4g.20gb instances wave 1
     * freed (GPUs 0 and 1) → 2 waves, nothing stopped first, no extra instance.
     */
    @org.junit.jupiter.api.Test
    void anInferenceComponentsNewModelRollsOutInBatchesOnFreePartitions() {
        String body = """
                endpoints:
                  - name: chat
                    instanceType: ml.p4d.24xlarge
                    instanceCount: 1
                    partitionLayout: ["mig-4g.20gb", "mig-3g.20gb"]
                inferenceComponents:
                  - name: chat-8b
                    endpoint: chat
                    model: %s
                    partitionType: mig-4g.20gb
                    copyCount: 4
                    rollingUpdatePolicy:
                      maximumBatchSize: {type: COPY_COUNT, value: 2}
                """;
        Spec before = spec(body, "llama-3-8b"), after = spec(body, "llama-3-8b-v2");
        // the endpoint's instance is launched with its declared layout, which the snapshot keeps
        List<Action> first = Planner.plan(ResolvedSpec.of(before), Snapshot.empty(before.cluster())).actions();
        Map<InstanceId, List<String>> layouts = new java.util.HashMap<>();
        for (Action a : first) {
            if (a instanceof Action.LaunchInstance l && l.declaredLayout() != null) layouts.put(l.instance().id(), l.declaredLayout());
        }
        FleetState[] current = {StateFold.apply(FleetState.empty(before.cluster()), first)};
        Plan plan = Planner.plan(ResolvedSpec.of(after), new Snapshot(current[0], 1, layouts));
        assertThat(plan.desired().unplaced()).as(PlanText.render(plan)).isEmpty();
        assertThat(plan.rollouts()).as(PlanText.render(plan)).singleElement().satisfies(r -> {
            assertThat(r.waves()).isEqualTo(2);
            assertThat(r.stopFirst()).isZero();
            assertThat(r.extraInstances()).isZero();
        });
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        Map<dev.gpushare.engine.state.TaskId, Revision> was = RolloutWaves.revisions(current[0]);
        Map<dev.gpushare.engine.state.TaskId, Revision> now = RolloutWaves.revisions(reached);
        assertThat(now).hasSize(4);
        assertThat(java.util.Set.copyOf(now.values())).singleElement().isNotIn(java.util.Set.copyOf(was.values()));
        Plan next = Planner.plan(ResolvedSpec.of(after), new Snapshot(reached, 2, layouts));
        assertThat(next.actions()).as("plan after the rollout%n%s", PlanText.render(next)).isEmpty();
    }

    private static Spec spec(String body, String image) {
        return Specs.yaml("apiVersion: gpushare.dev/v1\ncluster: forms\n" + body.formatted(image));
    }
}
