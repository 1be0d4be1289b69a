package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codes of the apply-time check that no other test reaches: a reason text that is not printable
 * or too long ({@code ACTION_TEXT}), and a plan whose end state puts a copy on a GPU whose mode does
 * not take it ({@code ACTION_INCONSISTENT}); and the capacity check's numbers, path and order.
 */
class ActionCheckTest {
    private static final InstanceId L4 = InstanceId.parse("l4-0");
    private static final Allocation E0 = Fleet.mps("embedder/0", 0, 4096, 25);

    /** l4-0 (4 × L4, 22,563 MiB usable each) with embedder/0 (4,096 MiB) on GPU 0, at revision 3. */
    private static Snapshot current() {
        return new Snapshot(Fleet.state("c", Fleet.mpsInstance("l4-0", "l4", List.of(List.of(E0)))), 3, java.util.Map.of());
    }

    private static Allocation whole(String task, int gpu) {
        return new Allocation(TaskId.parse(task), "model", null, null, null, ContainerEnv.of(List.of(gpu), gpu, null, null, null));
    }

    static Stream<Arguments> cases() {
        String longReason = "x".repeat(513);
        Placement e0 = new Placement(L4, 0, E0), e0on1 = new Placement(L4, 1, Fleet.mps("embedder/0", 1, 4096, 25));
        return Stream.of(
                // a bell and an escape in a move's reason
                Arguments.of("control characters in a reason", List.of(new Action.MoveCopy(E0.task(), List.of(e0), List.of(e0on1),
                        "rebalanced\u0007\u001b[2J", false)), "ACTION_TEXT", "/actions/0/reason"),
                // 513 characters: one more than Ids.MAX_TEXT (512)
                Arguments.of("a reason of 513 characters", List.of(new Action.TerminateInstance(L4, longReason)), "ACTION_TEXT",
                        "/actions/0/reason"),
                // a whole-GPU copy on GPU 1, which stays IDLE: it fits (GPU 1 is free) but the mode does not take it
                Arguments.of("a whole-GPU copy on an IDLE GPU", List.of(new Action.PlaceCopy(TaskId.parse("web/0"),
                        List.of(new Placement(L4, 1, whole("web/0", 1))))), "ACTION_INCONSISTENT", "/actions"),
                // GPU 0 configured DEDICATED while embedder/0 (MPS, 4,096 MiB) stays on it
                Arguments.of("an MPS copy on a DEDICATED GPU", List.of(new Action.ConfigureGpu(L4, 0, GpuMode.MPS, GpuMode.DEDICATED,
                        null, List.of())), "ACTION_INCONSISTENT", "/actions"),
                // 4,096 + 19,000 = 23,096 MiB > 22,563 on GPU 0 after action 0; action 1 moves embedder/0 away (fits at the end)
                Arguments.of("a GPU over after action 0, fitting at the end", List.of(
                        new Action.PlaceCopy(TaskId.parse("big/0"), List.of(new Placement(L4, 0, Fleet.mps("big/0", 0, 19_000, null)))),
                        new Action.MoveCopy(E0.task(), List.of(e0), List.of(e0on1), "rebalanced", false)),
                        "ACTION_CAPACITY", "/actions/0/to/0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachProblemHasItsCodeAndPath(String what, List<Action> actions, String code, String path) {
        Snapshot s = current();
        FleetState desired = StateFold.apply(s.state(), actions);
        List<Problem> problems = ActionCheck.plan(new Plan("c", 3, actions, desired, "0".repeat(64)), s, Catalog.builtIn());
        assertThat(problems).as(what).isNotEmpty().allSatisfy(p -> {
            assertThat(p.code().name()).isEqualTo(code);
            assertThat(p.path()).isEqualTo(path);
            assertThat(p.message()).doesNotContain("\u001b", "\u0007");
        });
    }

    /** The capacity problem names the copy, the resource and both numbers: 19,000 needed, 22,563 − 4,096 = 18,467 free. */
    @org.junit.jupiter.api.Test
    void aCapacityProblemGivesTheNumbers() {
        List<Action> actions = List.of(new Action.PlaceCopy(TaskId.parse("big/0"),
                List.of(new Placement(L4, 0, Fleet.mps("big/0", 0, 19_000, null)))));
        List<Problem> problems = ActionCheck.batch(actions, StateView.of(current().state()), Catalog.builtIn());
        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.code()).isEqualTo(ApplyCode.ACTION_CAPACITY);
            assertThat(p.message()).contains("instance l4-0", "copy big/0 needs 19000 MiB of GPU memory, 18467 are free");
        });
    }

}
