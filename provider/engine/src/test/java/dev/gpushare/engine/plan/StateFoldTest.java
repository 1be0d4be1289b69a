package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Removing a copy when folding actions: {@link StateFold} finds the instances that hold it through
 * an index kept while folding, which may still list instances replaced or terminated since. Each
 * row starts from A = p/0 with t/0 on GPU 0 and t/1 on GPU 1, and B = p/1 empty (2 MPS GPUs each),
 * and gives the copies per GPU expected after the actions, worked out by hand.
 */
class StateFoldTest {
    private static final InstanceId A = new InstanceId("p", 0), B = new InstanceId("p", 1);
    private static final TaskId T0 = new TaskId("t", 0), T1 = new TaskId("t", 1);

    static Stream<Arguments> rows() {
        return Stream.of(
                // t/0 placed on B: it leaves A's GPU 0
                Arguments.of("place moves a copy", List.of(new PlaceCopy(T0, List.of(at(B, 0, T0)))),
                        Map.of(A, List.of(List.of(), List.of(T1)), B, List.of(List.of(T0), List.of()))),
                // A replaced (its copies dropped), then t/1 placed on B: A stays listed for t/1 and is skipped
                Arguments.of("replaced instance stays listed", List.of(new ReplaceInstance(instance(A, List.of(), List.of()),
                                List.of(), "unhealthy", null), new PlaceCopy(T1, List.of(at(B, 1, T1)))),
                        Map.of(A, List.of(List.of(), List.of()), B, List.of(List.of(), List.of(T1)))),
                // A terminated, then t/0 stopped: the listed A is gone
                Arguments.of("terminated instance stays listed", List.of(new TerminateInstance(A, "scale-in"),
                                new StopCopy(T0, List.of(at(A, 0, T0)))),
                        Map.of(B, List.of(List.of(), List.of()))),
                // t/0 placed on B, then moved to A's GPU 1: the index follows the copy to B and back
                Arguments.of("placed then moved", List.of(new PlaceCopy(T0, List.of(at(B, 0, T0))),
                                new MoveCopy(T0, List.of(at(B, 0, T0)), List.of(at(A, 1, T0)), "pack", false)),
                        Map.of(A, List.of(List.of(), List.of(T0, T1)), B, List.of(List.of(), List.of()))),
                // a copy that runs nowhere: nothing changes
                Arguments.of("stop of an absent copy", List.of(new StopCopy(new TaskId("u", 0), List.of())),
                        Map.of(A, List.of(List.of(T0), List.of(T1)), B, List.of(List.of(), List.of()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void removesCopiesWhereTheyAre(String name, List<Action> actions, Map<InstanceId, List<List<TaskId>>> expected) {
        FleetState start = new FleetState("c", List.of(instance(A, List.of(alloc(T0)), List.of(alloc(T1))),
                instance(B, List.of(), List.of())), List.of());
        FleetState out = StateFold.apply(start, actions);
        assertThat(out.instances()).hasSize(expected.size());
        for (Instance i : out.instances()) {
            List<List<TaskId>> tasks = i.gpus().stream().map(g -> g.allocations().stream().map(Allocation::task).toList()).toList();
            assertThat(tasks).as(i.id().toString()).isEqualTo(expected.get(i.id()));
        }
    }

    private static Placement at(InstanceId id, int gpu, TaskId task) {
        return new Placement(id, gpu, alloc(task));
    }

    private static Allocation alloc(TaskId task) {
        return new Allocation(task, "c", 1024L, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "0"));
    }

    private static Instance instance(InstanceId id, List<Allocation> gpu0, List<Allocation> gpu1) {
        return new Instance(id, new Owner.CapacityProvider("p"), "g6.12xlarge", true, null,
                List.of(gpu(0, gpu0), gpu(1, gpu1)));
    }

    private static Gpu gpu(int index, List<Allocation> allocations) {
        return new Gpu(index, "L4", 22_000, GpuMode.MPS, null, List.of(), allocations);
    }
}
