package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.TaskDefinition;

/** Turns services and inference components into copies for a pool. */
final class Copies {
    private Copies() {}

    /**
     * Largest first (first-fit decreasing): whole GPUs, fractions, partitions, replicas, then MPS by
     * memory; then host memory and CPU; ties by task id. Written out rather than chained: sorting a
     * million copies compares about twenty million pairs, and the chained comparators (with the
     * dominant share computed twice per comparison) were half of placing them. The same order as
     * {@code comparing(form).thenComparing(dominantShare, reversed).thenComparing(size, reversed)
     * .thenComparing(memoryMiB, reversed).thenComparing(cpuUnits, reversed).thenComparing(group)
     * .thenComparing(ordinal)}.
     */
    static Comparator<CopyRequest> largestFirst(Pool pool) {
        return (a, b) -> {
            int c = a.form().compareTo(b.form());
            if (c != 0) return c;
            // copies of one service share their container list (and so form, size and share): only the id decides
            if (a.containers() != b.containers() || a.mpsMiB() != b.mpsMiB() || a.cpuUnits() != b.cpuUnits()
                    || a.memoryMiB() != b.memoryMiB()) {
                c = Double.compare(dominantShare(b, pool), dominantShare(a, pool));
                if (c != 0) return c;
                c = Long.compare(size(b), size(a));
                if (c != 0) return c;
                c = Long.compare(b.memoryMiB(), a.memoryMiB());
                if (c != 0) return c;
                c = Long.compare(b.cpuUnits(), a.cpuUnits());
                if (c != 0) return c;
            }
            c = a.group().compareTo(b.group());
            return c != 0 ? c : Integer.compare(a.ordinal(), b.ordinal());
        };
    }

    /**
     * The copy's largest share of a resource, per GPU slot: its GPU size as a share of one GPU, its
     * host CPU and memory as a share of one GPU's part of the instance. Sorting by it (dominant
     * resource first-fit decreasing) packs tasks whose host needs bind as well as it packs by GPU
     * memory when they do not.
     */
    static double dominantShare(CopyRequest c, Pool pool) {
        double gpus = pool.gpuCount();
        double gpu = switch (c.form()) {
            case MPS -> (double) c.mpsMiB() / pool.gpuMemoryMiB();
            case WHOLE -> WholeFit.total(c);
            case SLOTS -> slots(c);
            case PARTITION, FRACTION, MIXED, NONE -> c.containers().size();
        };
        double cpu = c.cpuUnits() * gpus / pool.type().cpuUnits();
        double mem = c.memoryMiB() * gpus / pool.type().memoryMiB();
        return Math.max(gpu, Math.max(cpu, mem));
    }

    static List<CopyRequest> forService(Service s, TaskDefinition td, Pool pool) {
        List<CopyRequest.GpuContainer> gpu = new ArrayList<>();
        for (Container c : td.containers()) {
            if (c.gpu() != null) gpu.add(new CopyRequest.GpuContainer(c.name(), need(c.gpu(), pool)));
        }
        return copies(s.name(), s.desiredCount(), s.placementStrategy(),
                td.cpu() == null ? 0 : td.cpu(), td.memoryMiB() == null ? 0 : td.memoryMiB(), gpu, Revision.of(td));
    }

    static List<CopyRequest> forComponent(InferenceComponent ic, Pool pool) {
        Need need = ic.partitionType() != null
                ? new Need.Partition(MigProfile.normalize(ic.partitionType()))
                : new Need.Whole(1, ic.gpuMemoryMiB() == null ? 0 : ic.gpuMemoryMiB());
        return copies(ic.name(), ic.copyCount(), PlacementStrategy.BINPACK, 0,
                ic.hostMemoryMiB() == null ? 0 : ic.hostMemoryMiB(),
                List.of(new CopyRequest.GpuContainer(ic.model(), need)), Revision.of(ic));
    }

    private static List<CopyRequest> copies(String group, int count, PlacementStrategy strategy, long cpu, long mem,
                                            List<CopyRequest.GpuContainer> containers, Revision revision) {
        List<CopyRequest.GpuContainer> gpu = List.copyOf(containers);
        Form form = gpu.isEmpty() ? Form.NONE : Form.of(gpu.get(0).need());
        long mps = 0;
        for (CopyRequest.GpuContainer c : gpu) {
            if (Form.of(c.need()) != form) form = Form.MIXED;
            if (c.need() instanceof Need.Mps m) mps += m.memoryMiB();
        }
        List<CopyRequest> out = new ArrayList<>(Math.max(0, count));
        for (int n = 0; n < count; n++) {
            out.add(new CopyRequest(new TaskId(group, n), strategy, cpu, mem, gpu, form, mps, revision));
        }
        return out;
    }

    private static Need need(GpuRequirement r, Pool pool) {
        boolean slots = pool.kind() == Pool.Kind.TIME_SLICING;
        return switch (r) {
            case GpuRequirement.NvidiaMps m -> new Need.Mps(m.memoryMiB(), m.maxComputePercent());
            case GpuRequirement.Whole w -> slots ? new Need.Slots(w.count()) : new Need.Whole(w.count(), 0);
            case GpuRequirement.All a -> slots ? new Need.Slots(pool.gpuCount()) : new Need.Whole(pool.gpuCount(), 0);
            case GpuRequirement.Fraction f -> new Need.Fraction(f.value());
            case GpuRequirement.Partition p -> new Need.Partition(MigProfile.normalize(p.profile()));
        };
    }

    /** Replicas a time-slicing copy takes: copies that need a replica on many GPUs go first. */
    private static long slots(CopyRequest c) {
        long n = 0;
        for (CopyRequest.GpuContainer g : c.containers()) n += ((Need.Slots) g.need()).count();
        return n;
    }

    /** The size first-fit decreasing sorts by, within one form. */
    static long size(CopyRequest c) {
        return switch (c.form()) {
            case MPS -> c.mpsMiB();
            case WHOLE -> WholeFit.total(c);
            case SLOTS -> slots(c);
            case PARTITION, FRACTION, MIXED, NONE -> c.containers().size();
        };
    }
}
