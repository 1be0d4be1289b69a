package dev.gpushare.engine.placement.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;

/**
 * Pools, instance states and copies for the feasibility table tests, resolved from the built-in
 * catalog as the engine resolves them: g6.12xlarge has 4 × L4 (22,563 MiB usable each), 48 vCPU =
 * 49,152 CPU units and 196,608 MiB; p4d.24xlarge 8 × A100-40GB; g6f.2xlarge a 0.25 L4 slice.
 */
final class FitRows {
    private FitRows() {}

    /** A row of {@link Fit#find}: on this instance of the pool, the copy gets this choice or refusal. */
    record Find(String why, Pool pool, Node node, CopyRequest copy, FitResult expected) {}

    /** A row of {@link Fit#verify}: the given choice fits (null) or is refused so. */
    record Verify(String why, Pool pool, Node node, CopyRequest copy, Choice choice, Refusal expected) {}

    static void assertFinds(Fit fit, List<Find> rows) {
        for (Find r : rows) assertThat(fit.find(r.copy(), r.node(), r.pool())).as(r.why()).isEqualTo(r.expected());
    }

    static void assertVerifies(Fit fit, List<Verify> rows) {
        for (Verify r : rows) {
            assertThat(fit.verify(r.copy(), r.node(), r.pool(), r.choice())).as(r.why()).isEqualTo(r.expected());
        }
    }

    static Pool pool(String instanceType, GpuSharing sharing) {
        return pool(instanceType, sharing, 0, 4);
    }

    static Pool pool(String instanceType, GpuSharing sharing, int minInstances, int maxInstances) {
        return switch (Pools.of(new CapacityProvider("p", instanceType, minInstances, maxInstances, sharing), Catalog.builtIn())) {
            case Pools.Resolution.Ok ok -> ok.pool();
            case Pools.Resolution.Failed f -> throw new IllegalArgumentException(f.message());
        };
    }

    static Node node(Pool pool) {
        return new Node(0, 0, pool, false, null);
    }

    /** MPS work on GPU {@code g}: {@code clients} containers holding {@code usedMiB} in all. */
    static Node mps(Node n, int g, int clients, long usedMiB) {
        GpuSlot s = n.gpus[g];
        if (s.mode == GpuMode.IDLE) n.idleGpus--;
        s.mode = GpuMode.MPS;
        s.clients += clients;
        s.memFree -= usedMiB;
        return n;
    }

    /** GPUs given whole to a container. */
    static Node dedicated(Node n, int... gpus) {
        for (int g : gpus) {
            if (n.gpus[g].mode == GpuMode.IDLE) n.idleGpus--;
            n.gpus[g].mode = GpuMode.DEDICATED;
            n.gpus[g].memFree = 0;
        }
        return n;
    }

    /** MIG instance {@code part} (index in the GPU's layout) of GPU {@code g} taken. */
    static Node taken(Node n, int g, int part) {
        n.gpus[g].partUsed[part] = true;
        return n;
    }

    /** {@code used} time-slicing replicas of GPU {@code g} taken. */
    static Node slots(Node n, int g, int used) {
        n.gpus[g].slotsUsed += used;
        return n;
    }

    /** Host CPU units and memory (MiB) already used on the instance. */
    static Node host(Node n, long cpuUsed, long memUsed) {
        n.cpuFree -= cpuUsed;
        n.memFree -= memUsed;
        return n;
    }

    /** A copy of service {@code s} with these GPU containers (named c0, c1, …), in one form. */
    static CopyRequest copy(Form form, long cpuUnits, long memoryMiB, Need... needs) {
        List<CopyRequest.GpuContainer> containers = new ArrayList<>();
        long mps = 0;
        for (Need n : needs) {
            containers.add(new CopyRequest.GpuContainer("c" + containers.size(), n));
            if (n instanceof Need.Mps m) mps += m.memoryMiB();
        }
        return new CopyRequest(new TaskId("s", 0), PlacementStrategy.BINPACK, cpuUnits, memoryMiB, containers, form, mps);
    }

    static CopyRequest copy(Form form, Need... needs) {
        return copy(form, 0, 0, needs);
    }

    /** One container per list: the GPUs it takes, no MIG partition. */
    @SafeVarargs
    static Choice gpus(List<Integer>... perContainer) {
        List<List<Choice.Pick>> out = new ArrayList<>();
        for (List<Integer> gpus : perContainer) {
            List<Choice.Pick> picks = new ArrayList<>();
            for (int g : gpus) picks.add(new Choice.Pick(g, -1));
            out.add(picks);
        }
        return new Choice(out);
    }

    /** One MIG instance per container: (GPU, partition index) pairs. */
    static Choice parts(int... gpuAndPart) {
        List<List<Choice.Pick>> out = new ArrayList<>();
        for (int i = 0; i < gpuAndPart.length; i += 2) out.add(List.of(new Choice.Pick(gpuAndPart[i], gpuAndPart[i + 1])));
        return new Choice(out);
    }
}
