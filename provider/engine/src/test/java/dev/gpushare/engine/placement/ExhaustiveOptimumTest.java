package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.PlacementStrategy;

/**
 * On small random workloads (at most 12 copies) the engine uses exactly as many instances as an
 * exhaustive search written here, independently of the engine: g6.12xlarge (4 × L4 of 22,563 MiB,
 * 49,152 CPU units), MPS copies (memory, cpu) and whole-GPU copies (1-3 GPUs).
 */
class ExhaustiveOptimumTest {
    private static final long GPU_MIB = 22_563;
    private static final long CPU = 49_152;
    private static final int GPUS = 4;

    /** One copy: whole GPUs (k > 0) or MPS memory, with host CPU units. */
    private record Item(int wholeGpus, long mib, long cpu) {}

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40})
    void instanceCountIsOptimal(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int services = 1 + rnd.nextInt(4);
        List<Item> items = new ArrayList<>();
        Fixtures f = Fixtures.spec().mps("l4", "g6.12xlarge", 12);
        int copiesLeft = 6 + rnd.nextInt(7); // 6..12 copies in all
        for (int s = 0; s < services && copiesLeft > 0; s++) {
            int count = s == services - 1 ? copiesLeft : 1 + rnd.nextInt(copiesLeft);
            copiesLeft -= count;
            long cpu = rnd.nextInt(3) == 0 ? 8_192L * (1 + rnd.nextInt(4)) : 0;
            GpuRequirement req;
            Item item;
            if (rnd.nextInt(4) == 0) {
                int k = 1 + rnd.nextInt(3);
                req = new GpuRequirement.Whole(k);
                item = new Item(k, 0, cpu);
            } else {
                int mib = 1_000 + rnd.nextInt(19_000);
                req = new GpuRequirement.NvidiaMps(mib, null);
                item = new Item(0, mib, cpu);
            }
            f.service("s" + s, "l4", count, PlacementStrategy.BINPACK, cpu == 0 ? null : (int) cpu, null, req);
            for (int c = 0; c < count; c++) items.add(item);
        }
        FleetState placed = Specs.place(f.build());
        int opt = optimum(items);
        assertThat(placed.unplaced()).isEmpty();
        assertThat(placed.instances()).hasSize(opt);
    }

    // ---- the exhaustive search: every copy on every GPU of every open instance, or a new instance ----

    private int best;

    private int optimum(List<Item> items) {
        List<Item> sorted = new ArrayList<>(items);
        sorted.sort(Comparator.comparingInt(Item::wholeGpus).thenComparingLong(Item::mib).reversed());
        best = sorted.size() + 1;
        search(sorted, 0, new ArrayList<>());
        return best;
    }

    /** An instance: host CPU left, and per GPU: -1 dedicated, else MPS memory used (0 = idle). */
    private static final class Box {
        long cpu = CPU;
        final long[] used = new long[GPUS];
        final boolean[] dedicated = new boolean[GPUS];
    }

    private void search(List<Item> items, int i, List<Box> boxes) {
        if (boxes.size() >= best) return;
        if (i == items.size()) {
            best = boxes.size();
            return;
        }
        Item it = items.get(i);
        int open = boxes.size();
        for (int k = 0; k < open; k++) tryBox(items, i, boxes, boxes.get(k), it);
        Box fresh = new Box();
        boxes.add(fresh);
        tryBox(items, i, boxes, fresh, it);
        boxes.remove(boxes.size() - 1);
    }

    private void tryBox(List<Item> items, int i, List<Box> boxes, Box b, Item it) {
        if (b.cpu < it.cpu()) return;
        b.cpu -= it.cpu();
        if (it.wholeGpus() > 0) {
            List<Integer> idle = new ArrayList<>();
            for (int g = 0; g < GPUS; g++) if (!b.dedicated[g] && b.used[g] == 0) idle.add(g);
            if (idle.size() >= it.wholeGpus()) {
                for (int k = 0; k < it.wholeGpus(); k++) b.dedicated[idle.get(k)] = true;
                search(items, i + 1, boxes);
                for (int k = 0; k < it.wholeGpus(); k++) b.dedicated[idle.get(k)] = false;
            }
        } else {
            for (int g = 0; g < GPUS; g++) {
                if (b.dedicated[g] || b.used[g] + it.mib() > GPU_MIB || sameAsEarlier(b, g)) continue;
                b.used[g] += it.mib();
                search(items, i + 1, boxes);
                b.used[g] -= it.mib();
            }
        }
        b.cpu += it.cpu();
    }

    /** GPUs of one instance in the same state are interchangeable: try only the first. */
    private static boolean sameAsEarlier(Box b, int g) {
        for (int e = 0; e < g; e++) if (!b.dedicated[e] && b.used[e] == b.used[g]) return true;
        return false;
    }
}
