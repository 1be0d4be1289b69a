package dev.gpushare.engine.reconcile.internal.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.reconcile.StateView;
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
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.problem.Problem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of {@link ActionShapes} ({@link ShapeRules}), each with the exact problem it reports:
 * code, path and message, byte for byte (a message is part of the CLI's output). The state is
 * l4-0 (g6.12xlarge: 4 × L4, 22,563 MiB usable each) with embedder/0 (4,096 MiB MPS) on GPU 0, and
 * ep-0 (ml.p4d.24xlarge: 8 × A100-40GB, 40,122 MiB usable each) with GPU 0 in MIG mode.
 */
class ActionShapesTest {
    private static final InstanceId L4 = InstanceId.parse("l4-0");
    private static final InstanceId EP = InstanceId.parse("ep-0");
    private static final Allocation E0 = Fleet.mps("embedder/0", 0, 4096, 25);
    private static final Placement E0_ON_0 = new Placement(L4, 0, E0);

    private static FleetState state() {
        return Fleet.state("c", Fleet.mpsInstance("l4-0", "l4", List.of(List.of(E0))),
                Fleet.p4d("ep-0", "ep", List.of(new MigPartition("3g.20gb", 4, 19968)), List.of()));
    }

    private static List<String> problems(List<? extends Action> batch) {
        ActionShapes shapes = ActionShapes.over(StateView.of(state()), Catalog.builtIn());
        shapes.actions(batch, "/actions", 0);
        return shapes.problems().stream().map(ActionShapesTest::line).toList();
    }

    private static String line(Problem p) {
        return p.code().name() + " " + p.path() + " " + p.message();
    }

    /** A g6.12xlarge as launched: 4 idle L4 GPUs of 22,563 MiB. */
    private static Instance g6(String id, String owner, List<Gpu> gpus) {
        return new Instance(InstanceId.parse(id), new Owner.CapacityProvider(owner), "g6.12xlarge", true, null, gpus);
    }

    private static Gpu idle(int index) {
        return new Gpu(index, "L4", 22563, GpuMode.IDLE, null, List.of(), List.of());
    }

    private static List<Gpu> idleGpus(int n) {
        List<Gpu> out = new ArrayList<>();
        for (int g = 0; g < n; g++) out.add(idle(g));
        return out;
    }

    private static Instance launched(String type, int gpus, String model, long memory) {
        List<Gpu> out = new ArrayList<>();
        for (int g = 0; g < gpus; g++) out.add(new Gpu(g, model, memory, GpuMode.IDLE, null, List.of(), List.of()));
        return new Instance(InstanceId.parse("l4-1"), new Owner.CapacityProvider("l4"), type, true, null, out);
    }

    private static Allocation mps(String task, int gpu, long memory, Integer percent, Map<String, String> env) {
        return new Allocation(TaskId.parse(task), "model", memory, percent, null, env);
    }

    private static PlaceCopy place(String task, InstanceId on, int gpu, Allocation a) {
        return new PlaceCopy(TaskId.parse(task), List.of(new Placement(on, gpu, a)));
    }

    static Stream<Arguments> cases() {
        String reason513 = "x".repeat(513);
        Gpu mig = new Gpu(0, "A100-40GB", 40122, GpuMode.MIG, null, List.of(), List.of());
        return Stream.of(
                // ---- TerminateRule: the id, then the reason (ACTION_TEXT)
                Arguments.of("terminate: a malformed id and a reason of 513 characters (Ids.MAX_TEXT is 512)",
                        List.of(new TerminateInstance(new InstanceId("bad id", 0), reason513)), List.of(
                        "ACTION_MALFORMED_ID /actions/0/instance the instance id 'bad id-0' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_TEXT /actions/0/reason the text '" + "x".repeat(80) + "…' holds control characters or is longer than 512 characters")),
                // ---- ReasonRule: a replacement's reason is checked before its instance
                Arguments.of("replace: a bell in the reason, then 3 GPUs for a 4-GPU type",
                        List.of(new ReplaceInstance(g6("l4-1", "l4", idleGpus(3)), null, "gone\u0007", null)), List.of(
                        "ACTION_TEXT /actions/0/reason the text 'gone\\u0007' holds control characters or is longer than 512 characters",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus instance 'l4-1' of type g6.12xlarge has 3 GPUs; the type has 4")),
                // ---- InstanceNameRule
                Arguments.of("launch: an instance not named after its owner",
                        List.of(new LaunchInstance(g6("web-0", "l4", idleGpus(4)), null, null)), List.of(
                        "ACTION_MALFORMED_ID /actions/0/instance/id instance 'web-0' is not named after its owner 'l4' (OWNER-N)")),
                Arguments.of("launch: an owner that is not a name, and an escape in the health reason",
                        List.of(new LaunchInstance(new Instance(InstanceId.parse("l4-1"), new Owner.CapacityProvider("l 4"),
                                "g6.12xlarge", false, "\u001b[2J", idleGpus(4)), null, null)), List.of(
                        "ACTION_MALFORMED_ID /actions/0/instance/capacityProvider the owner 'l 4' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_TEXT /actions/0/instance/healthReason the text '\\u001B[2J' holds control characters or is longer than 512 characters")),
                // ---- LaunchTypeRule
                Arguments.of("launch: a type name that is not a name",
                        List.of(new LaunchInstance(launched("g6 12xl", 4, "L4", 22563), null, null)), List.of(
                        "ACTION_MALFORMED_ID /actions/0/instance/instanceType the instance type 'g6 12xl' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)")),
                Arguments.of("launch: a type neither in the catalog nor declared",
                        List.of(new LaunchInstance(launched("g9.huge", 4, "L4", 22563), null, null)), List.of(
                        "ACTION_UNKNOWN_INSTANCE_TYPE /actions/0/instance/instanceType instance type 'g9.huge' is not in the catalog and the launch declares no such type; see `gpushare catalog`")),
                Arguments.of("launch: a catalog type that declares itself",
                        List.of(new LaunchInstance(launched("g6.12xlarge", 4, "L4", 22563), null,
                                new InstanceTypeDef("g6.12xlarge", "L4", 4, 48, 196608, null))), List.of(
                        "ACTION_UNKNOWN_INSTANCE_TYPE /actions/0/declaredType instance type g6.12xlarge is in the catalog; a launch of it declares nothing")),
                Arguments.of("launch: a declaration of another name",
                        List.of(new LaunchInstance(launched("g9.huge", 4, "L4", 22563), null,
                                new InstanceTypeDef("g9.other", "L4", 4, 48, 196608, null))), List.of(
                        "ACTION_UNKNOWN_INSTANCE_TYPE /actions/0/declaredType/name the launch declares type 'g9.other' for an instance of type g9.huge")),
                Arguments.of("launch: a declared GPU model the catalog does not know",
                        List.of(new LaunchInstance(launched("g9.huge", 4, "L4", 22563), null,
                                new InstanceTypeDef("g9.huge", "Z9", 4, 48, 196608, null))), List.of(
                        "ACTION_UNKNOWN_INSTANCE_TYPE /actions/0/declaredType/gpuModel declared type g9.huge names GPU model 'Z9', which the catalog does not know")),
                // 65 GPUs: one more than 64
                Arguments.of("launch: a declared type of 65 GPUs",
                        List.of(new LaunchInstance(launched("g9.huge", 4, "L4", 22563), null,
                                new InstanceTypeDef("g9.huge", "L4", 65, 48, 196608, null))), List.of(
                        "ACTION_OUT_OF_RANGE /actions/0/declaredType declared type g9.huge has 65 GPUs, 48 vCPUs and 196608 MiB; use 1 to 64 GPUs and positive sizes")),
                // ---- InstanceGpusRule: each GPU as its type has it
                Arguments.of("launch: GPU 1 numbered 5, a T4, 1 MiB, with a copy",
                        List.of(new LaunchInstance(g6("l4-1", "l4", List.of(idle(0),
                                new Gpu(5, "T4", 1, GpuMode.IDLE, null, List.of(), List.of(E0)), idle(2), idle(3))), null, null)), List.of(
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/index GPU 1 of 'l4-1' has index 5; GPUs are numbered 0 to 3",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/model GPU 1 of 'l4-1' is a 'T4'; a g6.12xlarge has L4",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/memoryMiB GPU 1 of 'l4-1' has 1 MiB; a g6.12xlarge GPU has 22563 MiB",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/allocations a launched instance starts without copies; place them with placeCopy")),
                // ---- GpuConfig (launches and configureGpu): mode, fraction, MIG geometry
                Arguments.of("launch: a GPU without a mode, one FRACTIONAL of 0.5, one MIG on an L4",
                        List.of(new LaunchInstance(g6("l4-1", "l4", List.of(new Gpu(0, "L4", 22563, null, null, List.of(), List.of()),
                                new Gpu(1, "L4", 22563, GpuMode.FRACTIONAL, new BigDecimal("0.5"), List.of(), List.of()),
                                new Gpu(2, "L4", 22563, GpuMode.MIG, null, List.of(), List.of()),
                                new Gpu(3, "L4", 22563, GpuMode.MPS, null, List.of(new MigPartition("1g.5gb", 0, 4864)), List.of()))),
                                null, null)), List.of(
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/0/mode a GPU needs a mode",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/mode a g6.12xlarge GPU is never FRACTIONAL, not FRACTIONAL",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/1/fraction a g6.12xlarge GPU has fraction null, not 0.5",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/2/mode a L4 has no MIG",
                        "ACTION_INSTANCE_SHAPE /actions/0/instance/gpus/3/partitions only a MIG GPU has partitions")),
                // A100-40GB: 8 placement units; 3g.20gb starts at 0 or 4 (4 units, 19,968 MiB), 7g.40gb at 0, at most one
                Arguments.of("configure: MIG partitions of an unknown profile, a bad start, a wrong size, two 7g and an overlap",
                        List.of(new ConfigureGpu(EP, 1, GpuMode.IDLE, GpuMode.MIG, null, List.of(
                                new MigPartition("9g.90gb", 0, 1), new MigPartition("3g.20gb", 2, 19968),
                                new MigPartition("3g.20gb", 4, 1), new MigPartition("7g.40gb", 0, 40192),
                                new MigPartition("7g.40gb", 0, 40192)))), List.of(
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/0/profile '9g.90gb' is not a MIG profile of A100-40GB",
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/1/start 3g.20gb cannot start at unit 2 of a A100-40GB; it starts at one of [0, 4]",
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/2/memoryMiB 3g.20gb on a A100-40GB has 19968 MiB, not 1",
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/3 7g.40gb@0 overlaps another partition at unit 4",
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/4 a A100-40GB holds at most 1 × 7g.40gb",
                        "ACTION_INSTANCE_SHAPE /actions/0/partitions/4 7g.40gb@0 overlaps another partition at unit 0")),
                // ---- DeclaredLayoutRule
                Arguments.of("launch: a declared layout on an L4, and one naming a profile the A100 lacks",
                        List.of(new LaunchInstance(g6("l4-1", "l4", idleGpus(4)), List.of("1g.5gb"), null),
                                new LaunchInstance(new Instance(InstanceId.parse("ep-1"), new Owner.Endpoint("ep"), "ml.p4d.24xlarge",
                                        true, null, List.of(mig, a100(1), a100(2), a100(3), a100(4), a100(5), a100(6), a100(7))),
                                        List.of("3g.20gb", "5g.50gb"), null)), List.of(
                        "ACTION_INSTANCE_SHAPE /actions/0/declaredLayout a declared layout of 1 MIG profiles does not fit a L4",
                        "ACTION_INSTANCE_SHAPE /actions/1/declaredLayout/1 profile '5g.50gb' is not a MIG profile of A100-40GB")),
                // ---- ConfigureRule
                Arguments.of("configure: a malformed id, an instance the cluster lacks, GPU 4 of 4",
                        List.of(new ConfigureGpu(new InstanceId("l4", -1), 0, GpuMode.IDLE, GpuMode.MPS, null, List.of()),
                                new ConfigureGpu(InstanceId.parse("l4-9"), 0, GpuMode.IDLE, GpuMode.MPS, null, List.of()),
                                new ConfigureGpu(L4, 4, GpuMode.IDLE, GpuMode.MPS, null, List.of())), List.of(
                        "ACTION_MALFORMED_ID /actions/0/instance the instance id 'l4' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_UNKNOWN_TARGET /actions/1/instance configures instance l4-9, which the cluster does not have",
                        "ACTION_OUT_OF_RANGE /actions/2/gpu instance l4-0 has GPUs 0 to 3, not 4")),
                // ---- PlaceRule: the copy and the GPUs it names
                Arguments.of("place: a malformed task, no placement, an unknown instance, GPU 7 of 4",
                        List.of(new PlaceCopy(new TaskId("web", -1), List.of(E0_ON_0)),
                                new PlaceCopy(TaskId.parse("web/0"), List.of()),
                                place("web/0", InstanceId.parse("l4-7"), 0, Fleet.mps("web/0", 0, 1024, null)),
                                place("web/0", L4, 7, Fleet.mps("web/0", 7, 1024, null))), List.of(
                        "ACTION_MALFORMED_ID /actions/0/task the task 'web' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_UNKNOWN_TARGET /actions/1/to copy web/0 is placed nowhere",
                        "ACTION_UNKNOWN_TARGET /actions/2/to/0/instance places a copy on instance l4-7, which neither the cluster nor an earlier action has",
                        "ACTION_OUT_OF_RANGE /actions/3/to/0/gpu instance l4-0 has GPUs 0 to 3, not 7")),
                // ---- AllocationCheck: what a copy asks of its GPU
                Arguments.of("place: another task's allocation, a container with a newline, 22,564 MiB of 22,563, 101 percent",
                        List.of(place("web/0", L4, 1, new Allocation(TaskId.parse("api/0"), "m\nx", 22564L, 101, null, Map.of()))), List.of(
                        "ACTION_MALFORMED_ID /actions/0/to/0/allocation/task the allocation is of task 'api/0', the action of web/0",
                        "ACTION_MALFORMED_ID /actions/0/to/0/allocation/container the container 'm\\nx' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_OUT_OF_RANGE /actions/0/to/0/allocation/memoryMiB copy web/0 asks for 22564 MiB on GPU 1 of l4-0, which has 22563 MiB",
                        "ACTION_OUT_OF_RANGE /actions/0/to/0/allocation/maxComputePercent copy web/0 asks for 101 percent; an MPS copy's limit is 1 to 100 percent")),
                Arguments.of("place: MPS memory on a MIG instance, and a MIG instance the GPU cannot have",
                        List.of(place("web/0", EP, 0, new Allocation(TaskId.parse("web/0"), "model", 1024L, null,
                                new Allocation.PartitionRef("3g.20gb", 1), Map.of()))), List.of(
                        "ACTION_OUT_OF_RANGE /actions/0/to/0/allocation/memoryMiB a copy on a MIG instance reserves no MPS memory",
                        "ACTION_OUT_OF_RANGE /actions/0/to/0/allocation/partition copy web/0 names MIG instance '3g.20gb'@1, which a A100-40GB cannot have")),
                Arguments.of("place: an extra LD_PRELOAD, then a limit other than the allocation's",
                        List.of(place("web/0", L4, 1, mps("web/0", 1, 1024, null, Map.of("NVIDIA_VISIBLE_DEVICES", "1",
                                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=1024M", "LD_PRELOAD", "/x.so"))),
                                place("web/1", L4, 1, mps("web/1", 1, 1024, null, Map.of("NVIDIA_VISIBLE_DEVICES", "1",
                                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=9999M")))), List.of(
                        "ACTION_ENVIRONMENT /actions/0/to/0/allocation/env the environment of copy web/0 sets 'LD_PRELOAD', which gpushare never sets",
                        "ACTION_ENVIRONMENT /actions/1/to/0/allocation/env the environment of copy web/1 has '{CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=9999M, NVIDIA_VISIBLE_DEVICES=1}' where gpushare sets {CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=1024M, NVIDIA_VISIBLE_DEVICES=1}")),
                // ---- FromRule: where a moved or stopped copy ran (shapes only)
                Arguments.of("move and stop: a malformed task and malformed places they came from",
                        List.of(new MoveCopy(new TaskId("embedder", -1), List.of(new Placement(new InstanceId("l4", -1), 0,
                                        new Allocation(E0.task(), "", null, null, null, Map.of()))), List.of(E0_ON_0), "rebalanced", false),
                                new StopCopy(E0.task(), List.of(new Placement(new InstanceId("l4", -1), 0, E0)))), List.of(
                        "ACTION_MALFORMED_ID /actions/0/task the task 'embedder' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_MALFORMED_ID /actions/0/from/0/instance the instance id 'l4' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_MALFORMED_ID /actions/0/from/0/allocation/container the container '' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_MALFORMED_ID /actions/0/task the task 'embedder' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)",
                        "ACTION_MALFORMED_ID /actions/1/from/0/instance the instance id 'l4' is not a gpushare name (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)")),
                // ---- the fold between actions
                Arguments.of("fold: a copy on a launched instance, a configured GPU, then on a terminated one",
                        List.of(new LaunchInstance(g6("l4-1", "l4", idleGpus(4)), null, null),
                                new ConfigureGpu(InstanceId.parse("l4-1"), 0, GpuMode.IDLE, GpuMode.MIG, null, List.of()),
                                place("web/0", InstanceId.parse("l4-1"), 2, Fleet.mps("web/0", 2, 1024, null)),
                                new TerminateInstance(L4, "retired"),
                                place("web/1", L4, 1, Fleet.mps("web/1", 1, 1024, null))), List.of(
                        "ACTION_INSTANCE_SHAPE /actions/1/mode a L4 has no MIG",
                        "ACTION_UNKNOWN_TARGET /actions/4/to/0/instance places a copy on instance l4-0, which neither the cluster nor an earlier action has")),
                Arguments.of("a well-formed batch", List.of(place("web/0", L4, 1, Fleet.mps("web/0", 1, 1024, 50)),
                        new MoveCopy(E0.task(), List.of(E0_ON_0), List.of(new Placement(L4, 2, Fleet.mps("embedder/0", 2, 4096, 25))),
                                "rebalanced", false)), List.of()));
    }

    private static Gpu a100(int index) {
        return new Gpu(index, "A100-40GB", 40122, GpuMode.IDLE, null, List.of(), List.of());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachRuleReportsItsProblem(String what, List<Action> batch, List<String> expected) {
        assertThat(problems(batch)).as(what).containsExactlyElementsOf(expected);
    }

    /** 60 malformed terminations: 50 listed (MAX_PROBLEMS), then one line counting the other 10. */
    @Test
    void aLongListIsCut() {
        List<Action> batch = new ArrayList<>();
        for (int k = 0; k < 60; k++) batch.add(new TerminateInstance(new InstanceId("x", -1), "gone"));
        List<String> out = problems(batch);
        assertThat(out).hasSize(51);
        assertThat(out.get(49)).startsWith("ACTION_MALFORMED_ID /actions/49/instance ");
        assertThat(out.get(50)).isEqualTo("ACTION_MALFORMED_ID  … and 10 more problem(s), not listed");
    }
}
