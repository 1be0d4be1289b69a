package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The order of a plan's rollouts: the largest copies that have room go first, so that the room
 * their old copies free takes the next ones, and a surge instance is launched only when no
 * group's copy has room.
 *
 * <p>One g6.12xlarge (l4-0: 4 × L4, 22,563 MiB usable each), maxInstances 2; the images of {@code
 * big} (1 copy of 20,000 MiB) and {@code small} (4 copies of 5,000 MiB) change, {@code fill} (2
 * copies of F MiB) keeps its revision. Defaults: minimumHealthyPercent 100 (no copy stops first),
 * maximumPercent 200 (big: 1, small: 4 may start first).
 *
 * <pre>
 * GPU 0: big/0                      20,000   free  2,563
 * GPU 1: small/0..3        4 × 5,000 = 20,000   free  2,563
 * GPU 2: fill/0                          F   free 22,563 − F
 * GPU 3: fill/1                          F   free 22,563 − F
 * </pre>
 */
class RolloutOrderTest {
    static Stream<Arguments> fleets() {
        return Stream.of(
                // F = 12,000: GPUs 2 and 3 have 10,563 free. In name order (big, then small — the order
                // before) big's new copy has room nowhere (2,563 beside it, 10,563 at most elsewhere <
                // 20,000) and launches surge instance l4-1, which keeps it: peak 1. Largest-that-fits
                // first: big does not fit (20,000 > 10,563), small does (5,000 ≤ 10,563): small/0 and
                // small/1 start on GPU 2 (10,563 → 5,563 → 563), small/2 and small/3 on GPU 3; the wave
                // ends, the 4 old copies stop and GPU 1 has 22,563 free; big's new copy starts there
                // (≥ 20,000) and its old copy leaves GPU 0 empty (back to IDLE). 2 waves, no instance
                // launched: peak 0, the bound (GPU 2 had room for the smallest copy).
                Arguments.of(12_000, 0, List.of("small", "big")),
                // F = 16,000: GPUs 2 and 3 have 6,563 free, one small copy each. Every order needs
                // an instance: big's new copy needs 20,000 free on one GPU while big/0 runs on GPU 0,
                // but GPUs 1-3 hold 4 × 5,000 + 2 × 16,000 = 52,000 MiB, more than two of them hold
                // (2 × 22,563 = 45,126), so none of them ever has 20,000 free: bound 1. Small first:
                // small/0 → GPU 2, small/1 → GPU 3, no room for small/2 (wave 1 ends, GPU 1 then has
                // 12,563 free), small/2 and small/3 start beside their old copies (wave 2); big still
                // has at most 12,563: surge instance l4-1 takes it (wave 3). Peak 1 = the bound.
                Arguments.of(16_000, 1, List.of("small", "big")));
    }

    @ParameterizedTest(name = "fill copies of {0} MiB")
    @MethodSource("fleets")
    void theLargestCopiesThatFitRollOutFirst(int fill, int extra, List<String> order) {
        Spec before = spec("1.5", fill), after = spec("1.6", fill);
        FleetState current = fleet(before, fill);
        // the fleet is converged: no plan without a new image
        assertThat(Planner.plan(ResolvedSpec.of(before), new Snapshot(current, 1, Map.of())).actions()).isEmpty();

        Plan plan = Planner.plan(ResolvedSpec.of(after), new Snapshot(current, 1, Map.of()));
        assertThat(plan.rollouts()).extracting(Rollout::group).containsExactlyElementsOf(order);
        assertThat(plan.rollouts().stream().mapToInt(Rollout::extraInstances).sum()).as("peak extra instances").isEqualTo(extra);
        assertThat(plan.actions().stream().filter(a -> a instanceof Action.LaunchInstance).count()).isEqualTo(extra);
        RolloutWaves.assertAdmitted(after, current, plan);
        FleetState reached = RolloutWaves.foldChecked(current, plan, RolloutWaves.MAX_CLIENTS);
        for (TaskDefinition td : after.taskDefinitions()) {
            Revision now = Revision.of(td);
            RolloutWaves.revisions(reached).forEach((t, r) -> {
                if (t.group().equals(td.family())) assertThat(r).as("%s", t).isEqualTo(now);
            });
        }
        Plan next = Planner.plan(ResolvedSpec.of(after), new Snapshot(reached, 2, Map.of()));
        assertThat(next.actions()).as("plan after the rollout%n%s", PlanText.render(next)).isEmpty();
    }

    private static Spec spec(String version, int fill) {
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: order
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
                taskDefinitions:
                  - family: big
                    containers:
                      - {name: model, image: "acme/big:%1$s", gpu: {nvidiaMps: {memory: 20000}}}
                  - family: small
                    containers:
                      - {name: model, image: "acme/small:%1$s", gpu: {nvidiaMps: {memory: 5000}}}
                  - family: fill
                    containers:
                      - {name: model, image: "acme/fill:1", gpu: {nvidiaMps: {memory: %2$d}}}
                services:
                  - {name: big, taskDefinition: big, capacityProvider: l4, desiredCount: 1}
                  - {name: small, taskDefinition: small, capacityProvider: l4, desiredCount: 4}
                  - {name: fill, taskDefinition: fill, capacityProvider: l4, desiredCount: 2}
                """.formatted(version, fill));
    }

    /** The table's layout, every copy on the revision of {@code spec}. */
    private static FleetState fleet(Spec spec, int fill) {
        Map<String, Revision> rev = new java.util.HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) rev.put(td.family(), Revision.of(td));
        String[][] on = {{"big/0"}, {"small/0", "small/1", "small/2", "small/3"}, {"fill/0"}, {"fill/1"}};
        List<Gpu> gpus = new ArrayList<>();
        for (int g = 0; g < 4; g++) {
            List<Allocation> held = new ArrayList<>();
            for (String task : on[g]) {
                TaskId t = TaskId.parse(task);
                long memory = switch (t.group()) {
                    case "big" -> 20_000L;
                    case "small" -> 5_000L;
                    default -> fill;
                };
                held.add(new Allocation(t, "model", memory, null, null, ContainerEnv.of(List.of(g), g, memory, null, null),
                        rev.get(t.group())));
            }
            gpus.add(new Gpu(g, "L4", 22563, GpuMode.MPS, null, List.of(), held));
        }
        return new FleetState("order", List.of(new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"),
                "g6.12xlarge", true, null, gpus)), List.of());
    }
}
