package dev.gpushare.bench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;

/**
 * What a pool's placed instances leave unused: idle GPUs, free memory on MPS GPUs, host CPU and
 * memory left, each in instances' worth, against what the copies ask in all. Where a packing is
 * above its bound, this says which resource the extra instances went to.
 */
record Waste(int instances, int gpusPerInstance, int idleGpus, int instancesWithIdle, double mpsFreeGpus, double cpuLeft, double memLeft,
             int cpuFull, double cpuAsked, double memAsked, double gpusAsked) {

    static Waste of(Spec spec, FleetState s, String pool, Catalog catalog) {
        String type = spec.capacityProviders().stream().filter(c -> c.name().equals(pool)).findFirst().orElseThrow().instanceType();
        LowerBounds.Shape shape = LowerBounds.shape(type, catalog);
        Map<String, TaskDefinition> byService = new HashMap<>();
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.put(td.family(), td);
        for (var svc : spec.services()) byService.put(svc.name(), tds.get(svc.taskDefinition()));
        int n = 0, idle = 0, withIdle = 0, cpuFull = 0;
        long mpsFree = 0, cpuLeft = 0, memLeft = 0;
        for (Instance i : s.instances()) {
            if (!i.owner().name().equals(pool)) continue;
            n++;
            Set<String> tasks = new HashSet<>();
            int idleHere = 0;
            for (Gpu g : i.gpus()) {
                if (g.allocations().isEmpty()) idleHere++;
                long used = 0;
                boolean mps = false;
                for (Allocation a : g.allocations()) {
                    tasks.add(a.task().group() + "/" + a.task().ordinal());
                    if (a.memoryMiB() != null) {
                        used += a.memoryMiB();
                        mps = true;
                    }
                }
                if (mps) mpsFree += shape.gpuMiB() - used;
            }
            long cpu = shape.cpu(), mem = shape.mem();
            for (String t : tasks) {
                TaskDefinition td = byService.get(t.substring(0, t.lastIndexOf('/')));
                cpu -= td.cpu() == null ? 0 : td.cpu();
                mem -= td.memoryMiB() == null ? 0 : td.memoryMiB();
            }
            idle += idleHere;
            if (idleHere > 0) withIdle++;
            if (cpu < 1024) cpuFull++;
            cpuLeft += cpu;
            memLeft += mem;
        }
        double cpuAsked = 0, memAsked = 0, gpus = 0;
        for (LowerBounds.Item it : LowerBounds.items(spec, pool, catalog)) {
            cpuAsked += it.cpu();
            memAsked += it.mem();
            gpus += it.whole() + it.fractions() + (double) it.mpsMiB() / shape.gpuMiB();
        }
        return new Waste(n, shape.gpus(), idle, withIdle, (double) mpsFree / shape.gpuMiB() / shape.gpus(), (double) cpuLeft / shape.cpu(),
                (double) memLeft / shape.mem(), cpuFull, cpuAsked / shape.cpu(), memAsked / shape.mem(), gpus / shape.gpus());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d instances; the copies ask %.1f of CPU, %.1f of memory, %.1f of GPUs (MPS by memory); "
                        + "left: %d idle GPUs (%.1f) on %d instances, free MPS GPU memory %.1f, CPU %.1f (%d instances with under 1 vCPU left), memory %.1f",
                instances, cpuAsked, memAsked, gpusAsked, idleGpus, (double) idleGpus / gpusPerInstance,
                instancesWithIdle, mpsFreeGpus, cpuLeft, cpuFull, memLeft);
    }
}
