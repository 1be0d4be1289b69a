package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.engine.catalog.InstanceType;

/** The invariants every placed state must satisfy, checked against the spec and the catalog. */
final class Invariants {
    private Invariants() {}

    static void check(Spec spec, Catalog catalog, FleetState s) {
        Set<String> expected = new HashSet<>();
        for (Service sv : spec.services()) for (int n = 0; n < sv.desiredCount(); n++) expected.add(sv.name() + "/" + n);
        for (InferenceComponent ic : spec.inferenceComponents()) for (int n = 0; n < ic.copyCount(); n++) expected.add(ic.name() + "/" + n);

        Map<String, String> taskInstance = new HashMap<>();
        Map<String, Set<Integer>> mpsGpusOfTask = new HashMap<>();
        for (Instance i : s.instances()) {
            for (Gpu g : i.gpus()) {
                // no GPU over its memory
                long mps = 0;
                for (Allocation a : g.allocations()) if (a.memoryMiB() != null) mps += a.memoryMiB();
                assertThat(mps).as("MPS memory on %s#%d", i.id(), g.index()).isLessThanOrEqualTo(g.memoryMiB());
                if (g.mode() == GpuMode.DEDICATED) assertThat(g.allocations()).hasSize(1);
                if (g.mode() == GpuMode.IDLE) assertThat(g.allocations()).isEmpty();
                if (g.mode() == GpuMode.MPS) assertThat(g.allocations()).allSatisfy(a -> assertThat(a.memoryMiB()).isNotNull());
                // no partition given twice, and each names a partition of the GPU
                Set<Integer> starts = new HashSet<>();
                for (Allocation a : g.allocations()) {
                    if (a.partition() == null) continue;
                    assertThat(starts.add(a.partition().start())).as("partition given twice on %s#%d", i.id(), g.index()).isTrue();
                    assertThat(g.partitions()).contains(new MigPartition(a.partition().profile(), a.partition().start(),
                            g.partitions().stream().filter(p -> p.start() == a.partition().start()).findFirst().orElseThrow().memoryMiB()));
                }
                if (g.mode() == GpuMode.MIG) assertGeometric(catalog, g);
                for (Allocation a : g.allocations()) {
                    // a task sits on one instance
                    String before = taskInstance.putIfAbsent(a.task().toString(), i.id().toString());
                    assertThat(before == null || before.equals(i.id().toString())).as("task %s on one instance", a.task()).isTrue();
                    if (a.memoryMiB() != null) mpsGpusOfTask.computeIfAbsent(a.task().toString(), t -> new HashSet<>()).add(g.index());
                }
            }
        }
        assertHostFits(spec, catalog, s);
        // MPS containers of a task on one GPU
        mpsGpusOfTask.forEach((t, gpus) -> assertThat(gpus).as("GPUs of MPS task %s", t).hasSize(1));
        // every copy placed or reported, exactly once
        List<String> unplaced = new ArrayList<>();
        for (Unplaced u : s.unplaced()) unplaced.add(u.task().toString());
        assertThat(new HashSet<>(unplaced)).hasSize(unplaced.size());
        assertThat(unplaced).doesNotContainAnyElementsOf(taskInstance.keySet());
        Set<String> all = new HashSet<>(taskInstance.keySet());
        all.addAll(unplaced);
        assertThat(all).isEqualTo(expected);
    }

    /**
     * The host CPU units and memory (MiB) of the copies on an instance fit its type: a task
     * definition's {@code cpu}/{@code memory} per copy of a service, a component's host memory per copy.
     */
    private static void assertHostFits(Spec spec, Catalog catalog, FleetState s) {
        Map<String, long[]> perCopy = new HashMap<>();
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.put(td.family(), td);
        for (Service sv : spec.services()) {
            TaskDefinition td = tds.get(sv.taskDefinition());
            perCopy.put(sv.name(), new long[] {td.cpu() == null ? 0 : td.cpu(), td.memoryMiB() == null ? 0 : td.memoryMiB()});
        }
        for (InferenceComponent ic : spec.inferenceComponents()) {
            perCopy.put(ic.name(), new long[] {0, ic.hostMemoryMiB() == null ? 0 : ic.hostMemoryMiB()});
        }
        for (Instance i : s.instances()) {
            InstanceType type = catalog.instanceType(i.instanceType()).orElseThrow();
            Set<String> tasks = new HashSet<>();
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) tasks.add(a.task().toString());
            long cpu = 0, mem = 0;
            for (String t : tasks) {
                long[] need = perCopy.get(t.substring(0, t.lastIndexOf('/')));
                cpu += need[0];
                mem += need[1];
            }
            assertThat(cpu).as("host CPU units on %s (%s)", i.id(), type.name()).isLessThanOrEqualTo(type.cpuUnits());
            assertThat(mem).as("host memory MiB on %s (%s)", i.id(), type.name()).isLessThanOrEqualTo(type.memoryMiB());
        }
    }

    /** Partitions do not overlap, start where the profile allows, and respect counts and compute slices. */
    private static void assertGeometric(Catalog catalog, Gpu g) {
        MigGeometry geo = catalog.gpuModel(g.model()).orElseThrow().mig();
        boolean[] used = new boolean[geo.placementUnits()];
        Map<String, Integer> counts = new HashMap<>();
        int compute = 0;
        for (MigPartition p : g.partitions()) {
            MigProfile prof = geo.profile(p.profile()).orElseThrow();
            assertThat(prof.starts()).contains(p.start());
            for (int u = p.start(); u < p.start() + prof.size(); u++) {
                assertThat(used[u]).as("unit %d used twice", u).isFalse();
                used[u] = true;
            }
            assertThat(counts.merge(prof.name(), 1, Integer::sum)).isLessThanOrEqualTo(prof.maxCount());
            compute += prof.computeSlices();
        }
        assertThat(compute).isLessThanOrEqualTo(geo.computeSlices());
    }
}
