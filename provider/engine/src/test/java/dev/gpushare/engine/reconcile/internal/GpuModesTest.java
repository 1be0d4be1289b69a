package dev.gpushare.engine.reconcile.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ACTION_INCONSISTENT, one case per GPU mode: the end state of a plan where a GPU's mode does not
 * take the copies on it, with the exact message (path: the plan's {@code /actions}). The GPU is GPU 0
 * of l4-0 (22,563 MiB) or of ep-0 (an A100-40GB with 3g.20gb@4).
 */
class GpuModesTest {
    private static final Allocation W0 = whole("web/0");
    private static final Allocation W1 = whole("web/1");

    private static Allocation whole(String task) {
        return new Allocation(TaskId.parse(task), "model", null, null, null, ContainerEnv.of(List.of(0), 0, null, null, null));
    }

    private static FleetState l4(GpuMode mode, Allocation... on0) {
        Gpu g = new Gpu(0, "L4", 22563, mode, null, List.of(), List.of(on0));
        return Fleet.state("c", new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"), "g6.12xlarge", true,
                null, List.of(g)));
    }

    static Stream<Arguments> cases() {
        MigPartition p3g = new MigPartition("3g.20gb", 4, 19968);
        return Stream.of(
                Arguments.of("IDLE with a copy", l4(GpuMode.IDLE, W0),
                        List.of("GPU 0 of l4-0 is IDLE but holds 1 copies; plan again against the current state")),
                Arguments.of("MPS with a whole-GPU copy", l4(GpuMode.MPS, Fleet.mps("a/0", 0, 1024, null), W0),
                        List.of("GPU 0 of l4-0 runs MPS but copy web/0 reserves no MPS memory; plan again against the current state")),
                // 12,000 + 11,000 = 23,000 MiB > 22,563
                Arguments.of("MPS over memory", l4(GpuMode.MPS, Fleet.mps("a/0", 0, 12_000, null), Fleet.mps("b/0", 0, 11_000, null)),
                        List.of("GPU 0 of l4-0 would hold 23000 MiB of MPS copies; it has 22563 MiB; plan again against the current state")),
                Arguments.of("MPS within memory", l4(GpuMode.MPS, Fleet.mps("a/0", 0, 12_000, null), Fleet.mps("b/0", 0, 10_563, null)),
                        List.of()),
                Arguments.of("DEDICATED with two copies", l4(GpuMode.DEDICATED, W0, W1),
                        List.of("GPU 0 of l4-0 is DEDICATED (one whole-GPU copy) but would hold 2 allocation(s): web/0, web/1; plan again against the current state")),
                Arguments.of("DEDICATED with one whole-GPU copy", l4(GpuMode.DEDICATED, W0), List.of()),
                Arguments.of("TIME_SLICING with an MPS copy", l4(GpuMode.TIME_SLICING, W0, Fleet.mps("a/0", 0, 1024, null)),
                        List.of("GPU 0 of l4-0 is TIME_SLICING but copy a/0 is not a time-sliced copy; plan again against the current state")),
                Arguments.of("MIG with a copy on no MIG instance", Fleet.state("c", Fleet.migInstance("ep-0", "ep", List.of(p3g),
                                List.of(Fleet.onPartition("m/0", "3g.20gb", 0)))),
                        List.of("GPU 0 of ep-0: copy m/0 is on no MIG instance of the GPU; plan again against the current state")),
                Arguments.of("MIG with two copies on one MIG instance", Fleet.state("c", Fleet.migInstance("ep-0", "ep", List.of(p3g),
                                List.of(Fleet.onPartition("m/0", "3g.20gb", 4), Fleet.onPartition("m/1", "3g.20gb", 4)))),
                        List.of("GPU 0 of ep-0: MIG instance 3g.20gb@4 would hold two copies; plan again against the current state")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachModeTakesOnlyItsCopies(String what, FleetState end, List<String> messages) {
        List<Problem> problems = GpuModes.of(end, "/actions");
        assertThat(problems).as(what).allSatisfy(p -> {
            assertThat(p.code().name()).isEqualTo("ACTION_INCONSISTENT");
            assertThat(p.path()).isEqualTo("/actions");
        });
        assertThat(problems.stream().map(Problem::message).toList()).as(what).containsExactlyElementsOf(messages);
    }
}
