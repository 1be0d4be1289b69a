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
                // 97 % full, minimumHealthyPercent 100 (the default): no GPU has 5,470 MiB next to its
                // 4 copies (683 free), no copy may stop first (⌈100 % × 16⌉ = 16 stay): refused, and
                // lowering the minimum to ⌊15 × 100 / 16⌋ = 93 lets one stop (⌈0.93 × 16⌉ = 15)
                Arguments.of(16, "", -1, 0, "needs 5470 MiB free on one L4 (L4 GPU l4-0/0 has 683 of 22563 MiB free next to the copies it runs), and minimumHealthyPercent 100 (desiredCount 16) lets no copy stop first; lower minimumHealthyPercent to 93"),
                // 97 % full, minimumHealthyPercent 75: ⌈12⌉ stay, 4 stop first per wave → 16 / 4 = 4 waves
                Arguments.of(16, "deploymentConfiguration: {minimumHealthyPercent: 75}", 4, 16, ""),
                // half full: every GPU has 11,623 MiB free, room for 2 new copies next to its 2 old ones;
                // maximumPercent 200 lets all 8 start first → one wave, none stopped
                Arguments.of(8, "", 1, 0, ""),
                // half full, maximumPercent 125: ⌊10⌋ run, 2 start first per wave → 4 waves
                Arguments.of(8, "deploymentConfiguration: {maximumPercent: 125}", 4, 0, ""),
                // half full, min 50 max 100: no surge (⌊8⌋ = 8), 4 stop first per wave → 2 waves
                Arguments.of(8, "deploymentConfiguration: {minimumHealthyPercent: 50, maximumPercent: 100}", 2, 8, ""));
    }

    @ParameterizedTest(name = "{0} copies {1}")
    @MethodSource("rollouts")
    void aNewImageRollsOutInWavesThatFit(int copies, String deployment, int waves, int stopFirst, String refusal) {
        Spec before = spec(copies, 5470, "acme/embedder:1.5", deployment), after = spec(copies, 5470, "acme/embedder:1.6", deployment);
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
        });
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        Map<TaskId, Revision> revisions = RolloutWaves.revisions(reached);
        assertThat(revisions).hasSize(copies).allSatisfy((t, r) -> assertThat(r).isEqualTo(now));
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
    }
}
