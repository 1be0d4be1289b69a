package dev.gpushare.engine.render.internal;

import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.MigPartition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Cuts one GPU's bar into segments. The bar stands for the GPU's usable memory (MPS, DEDICATED),
 * its MIG placement units (MIG) or the whole physical GPU of which a fractional instance has a slice.
 */
public final class GpuBar {
    /** Placement units assumed when the catalog does not know the GPU model (7-slice datacenter GPUs). */
    static final int DEFAULT_PLACEMENT_UNITS = 8;

    private GpuBar() {}

    /**
     * @param gpu      the GPU
     * @param geometry its MIG geometry from the catalog, or {@code null} when unknown
     * @param grouped  the bar stands for several instances: label by service, not by copy
     * @param width    px of the whole bar
     */
    public static List<Segment> segments(Gpu gpu, MigGeometry geometry, boolean grouped, double width) {
        return switch (gpu.mode()) {
            case IDLE -> List.of(new Segment(Segment.Kind.IDLE, 0, width, List.of("idle · " + gpu.memoryMiB() + " MiB", "idle"),
                    "GPU " + gpu.index() + " idle: " + gpu.memoryMiB() + " MiB free", null, null, null, null));
            case MPS -> mps(gpu, grouped, width);
            case DEDICATED -> slots(gpu, grouped, width, "whole GPU · " + gpu.memoryMiB() + " MiB");
            case TIME_SLICING -> slots(gpu, grouped, width, "time slot");
            case FRACTIONAL -> fractional(gpu, grouped, width);
            case MIG -> mig(gpu, geometry, grouped, width);
        };
    }

    private static List<Segment> mps(Gpu gpu, boolean grouped, double width) {
        List<Segment> out = new ArrayList<>();
        double x = 0;
        long used = 0;
        double perMiB = gpu.memoryMiB() > 0 ? width / gpu.memoryMiB() : 0;
        for (Allocation a : gpu.allocations()) {
            long mem = a.memoryMiB() == null ? 0 : a.memoryMiB();
            double w = Math.min(mem * perMiB, width - x);
            String detail = mem + " MiB" + (a.maxComputePercent() == null ? "" : " · " + a.maxComputePercent() + "%");
            out.add(allocation(gpu, a, grouped, x, w, detail));
            x += w;
            used += mem;
        }
        long free = gpu.memoryMiB() - used;
        if (free > 0 && width - x > 0.5) {
            out.add(new Segment(Segment.Kind.FREE, x, width - x, List.of("free " + free + " MiB", free + " MiB"),
                    "GPU " + gpu.index() + ": " + free + " MiB of " + gpu.memoryMiB() + " MiB not reserved",
                    null, null, null, null));
        }
        return out;
    }

    /** Whole GPUs and time slots: the allocations share the bar equally. */
    private static List<Segment> slots(Gpu gpu, boolean grouped, double width, String detail) {
        List<Segment> out = new ArrayList<>();
        int n = Math.max(1, gpu.allocations().size());
        for (int i = 0; i < gpu.allocations().size(); i++) {
            out.add(allocation(gpu, gpu.allocations().get(i), grouped, i * width / n, width / n, detail));
        }
        return out;
    }

    private static List<Segment> fractional(Gpu gpu, boolean grouped, double width) {
        BigDecimal f = gpu.fraction() == null ? BigDecimal.ONE : gpu.fraction();
        double sliceWidth = width * Math.min(1.0, f.doubleValue());
        List<Segment> out = new ArrayList<>();
        String detail = f.stripTrailingZeros().toPlainString() + " GPU · " + gpu.memoryMiB() + " MiB";
        if (gpu.allocations().isEmpty()) {
            out.add(new Segment(Segment.Kind.IDLE, 0, sliceWidth, List.of("idle slice · " + detail, "idle slice"),
                    "GPU " + gpu.index() + ": fractional slice, " + detail + ", nothing assigned", null, null, null, null));
        } else {
            int n = gpu.allocations().size();
            for (int i = 0; i < n; i++) {
                out.add(allocation(gpu, gpu.allocations().get(i), grouped, i * sliceWidth / n, sliceWidth / n, detail));
            }
        }
        if (width - sliceWidth > 0.5) {
            out.add(new Segment(Segment.Kind.OUTSIDE_SLICE, sliceWidth, width - sliceWidth,
                    List.of("rest of the " + gpu.model() + " (not this instance)", "rest of the " + gpu.model()),
                    "The rest of the physical " + gpu.model() + " belongs to other fractional instances", null, null, null, null));
        }
        return out;
    }

    private static List<Segment> mig(Gpu gpu, MigGeometry geometry, boolean grouped, double width) {
        int units = geometry != null ? geometry.placementUnits() : DEFAULT_PLACEMENT_UNITS;
        Map<Integer, Allocation> byStart = gpu.allocations().stream()
                .filter(a -> a.partition() != null)
                .collect(Collectors.toMap(a -> a.partition().start(), Function.identity(), (a, b) -> a, TreeMap::new));
        double unit = width / units;
        List<Segment> out = new ArrayList<>();
        boolean[] covered = new boolean[units];
        for (MigPartition p : gpu.partitions()) {
            int size = size(p, gpu, geometry, units);
            int start = Math.max(0, Math.min(p.start(), units - 1));
            int end = Math.min(units, start + size);
            for (int u = start; u < end; u++) covered[u] = true;
            Allocation a = byStart.get(p.start());
            String where = p.profile() + " @" + p.start();
            if (a == null) {
                out.add(new Segment(Segment.Kind.PARTITION, start * unit, (end - start) * unit, List.of(where + " · free", p.profile() + " free", "free"),
                        "MIG " + p.profile() + " at unit " + p.start() + ", " + p.memoryMiB() + " MiB, free",
                        null, null, p.profile(), p.start()));
            } else {
                String owner = Palette.owner(a.task());
                String task = a.task().toString();
                String label = (grouped ? owner : task) + " · " + where;
                out.add(new Segment(Segment.Kind.PARTITION, start * unit, (end - start) * unit,
                        List.of(label, (grouped ? owner : task) + " · " + p.profile(), grouped ? owner : task),
                        task + " (" + a.container() + ") on MIG " + p.profile() + " at unit " + p.start() + ", " + p.memoryMiB() + " MiB",
                        owner, task, p.profile(), p.start()));
            }
        }
        for (int u = 0; u < units; ) {
            if (covered[u]) { u++; continue; }
            int from = u;
            while (u < units && !covered[u]) u++;
            out.add(new Segment(Segment.Kind.UNUSED, from * unit, (u - from) * unit, List.of("unused"),
                    "Placement units " + from + "–" + (u - 1) + " are not in any MIG instance", null, null, null, null));
        }
        out.sort(java.util.Comparator.comparingDouble(Segment::x));
        return out;
    }

    /** Placement units of a partition: from the catalog, else estimated from its memory. */
    static int size(MigPartition p, Gpu gpu, MigGeometry geometry, int units) {
        if (geometry != null) {
            var profile = geometry.profile(p.profile()).map(MigProfile::size);
            if (profile.isPresent()) return profile.get();
        }
        long perUnit = Math.max(1, gpu.memoryMiB() / units);
        return (int) Math.max(1, Math.min(units, Math.round((double) p.memoryMiB() / perUnit)));
    }

    private static Segment allocation(Gpu gpu, Allocation a, boolean grouped, double x, double w, String detail) {
        String owner = Palette.owner(a.task());
        boolean sameTaskTwice = gpu.allocations().stream().filter(o -> o.task().equals(a.task())).count() > 1;
        String task = a.task().toString();
        String who = (grouped ? owner : task) + (sameTaskTwice ? " " + a.container() : "");
        List<String> labels = a.memoryMiB() == null
                ? List.of(who + " · " + detail, who)
                : List.of(who + " · " + detail, who + " · " + a.memoryMiB() + " MiB", who + " " + a.memoryMiB() + "M",
                        who, a.memoryMiB() + " MiB");
        return new Segment(Segment.Kind.ALLOCATION, x, w, labels,
                task + " (" + a.container() + ") on GPU " + gpu.index() + ": " + detail, owner, task, null, null);
    }
}
