package dev.gpushare.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;

/**
 * What a per-task scheduler does: copies one at a time in arrival order (services in spec order,
 * copies 0, 1, 2, …), each on the first instance (then first GPU) that fits, a new instance when
 * none does. MPS, whole and fractional forms; host CPU and memory counted. Written apart from the
 * engine on purpose, as the comparison point.
 */
final class FirstFitBaseline {
    private FirstFitBaseline() {}

    record Result(int instances, int gpus) {}

    /** One instance: host room and per GPU free MiB (-1 = dedicated). */
    private static final class Box {
        long cpu, mem;
        final long[] free;
        final boolean[] used;

        Box(InstanceType t, long gpuMiB) {
            cpu = t.cpuUnits();
            mem = t.memoryMiB();
            free = new long[t.gpuCount()];
            used = new boolean[t.gpuCount()];
            java.util.Arrays.fill(free, gpuMiB);
        }
    }

    static Result run(Spec spec, Catalog catalog) {
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.put(td.family(), td);
        int instances = 0, gpus = 0;
        for (CapacityProvider cp : spec.capacityProviders()) {
            InstanceType t = catalog.instanceType(cp.instanceType()).orElseThrow();
            long gpuMiB = t.fractional() ? t.gpuMemoryMiB() : catalog.gpuModel(t.gpuModel()).orElseThrow().usableMemoryMiB();
            List<Box> boxes = new ArrayList<>();
            int firstOpen = 0; // boxes before it have no GPU with ≥ 512 MiB free and no idle GPU: skipped
            for (Service s : spec.services()) {
                if (!s.capacityProvider().equals(cp.name())) continue;
                TaskDefinition td = tds.get(s.taskDefinition());
                GpuRequirement req = td.containers().stream().map(Container::gpu).filter(java.util.Objects::nonNull)
                        .findFirst().orElseThrow();
                long cpu = td.cpu() == null ? 0 : td.cpu(), mem = td.memoryMiB() == null ? 0 : td.memoryMiB();
                for (int n = 0; n < s.desiredCount(); n++) {
                    boolean placed = false;
                    for (int b = firstOpen; b < boxes.size() && !placed; b++) placed = tryBox(boxes.get(b), req, cpu, mem, t);
                    if (!placed) {
                        Box fresh = new Box(t, gpuMiB);
                        boxes.add(fresh);
                        if (!tryBox(fresh, req, cpu, mem, t)) throw new IllegalStateException("does not fit an empty instance");
                    }
                    while (firstOpen < boxes.size() && full(boxes.get(firstOpen))) firstOpen++;
                }
            }
            instances += boxes.size();
            for (Box b : boxes) for (int g = 0; g < b.free.length; g++) if (b.used[g]) gpus++;
        }
        return new Result(instances, gpus);
    }

    private static boolean full(Box b) {
        for (int g = 0; g < b.free.length; g++) if (b.free[g] >= 512 || !b.used[g]) return false;
        return true;
    }

    private static boolean tryBox(Box b, GpuRequirement req, long cpu, long mem, InstanceType t) {
        if (b.cpu < cpu || b.mem < mem) return false;
        switch (req) {
            case GpuRequirement.NvidiaMps m -> {
                for (int g = 0; g < b.free.length; g++) {
                    if (b.free[g] >= m.memoryMiB()) {
                        b.free[g] -= m.memoryMiB();
                        b.used[g] = true;
                        return take(b, cpu, mem);
                    }
                }
                return false;
            }
            case GpuRequirement.Whole w -> {
                int idle = 0;
                for (int g = 0; g < b.free.length; g++) if (!b.used[g]) idle++;
                if (idle < w.count()) return false;
                for (int g = 0, k = 0; g < b.free.length && k < w.count(); g++) {
                    if (!b.used[g]) {
                        b.used[g] = true;
                        b.free[g] = -1;
                        k++;
                    }
                }
                return take(b, cpu, mem);
            }
            case GpuRequirement.Fraction f -> {
                if (b.used[0]) return false;
                b.used[0] = true;
                b.free[0] = -1;
                return take(b, cpu, mem);
            }
            // The baseline covers the forms the workload generator produces (MPS, whole, fraction);
            // the MIG workload (c) is compared with its lower bound only.
            case GpuRequirement.All a -> throw new IllegalArgumentException("the baseline does not place ALL");
            case GpuRequirement.Partition p -> throw new IllegalArgumentException("the baseline does not place partitions");
        }
    }

    private static boolean take(Box b, long cpu, long mem) {
        b.cpu -= cpu;
        b.mem -= mem;
        return true;
    }
}
