package dev.gpushare.bench;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The fewest instances a pool's copies need, by exhaustive search (written apart from the engine,
 * to check it): is there a packing into K instances, for K from a lower bound up to one less than
 * the packer's count? Depth-first over the copies, largest first; a copy goes on one of the K
 * instances (only the first empty one of the empty ones: they are interchangeable), and an MPS
 * copy on an idle GPU or on one MPS GPU per distinct free memory (GPUs with equal free memory are
 * interchangeable); a copy equal to the one before goes on the same or a later instance. Pruned
 * when what is left, per dimension (idle GPUs, MPS memory, CPU, host memory), exceeds the room
 * left. The model is the engine's: whole GPUs need idle GPUs, MPS copies share a GPU that is idle
 * or MPS, host CPU and memory add up per instance (no client limit: the pools of the benchmarks
 * have none).
 */
final class ExactSearch {
    /** Search nodes per K before giving up: the answer is then "unknown" for that K. */
    static final long BUDGET = 20_000_000;

    /** The result: {@code optimum} when {@code proven}, else the least K not ruled out. */
    record Result(int optimum, boolean proven, long nodes) {}

    private final LowerBounds.Item[] items;
    private final LowerBounds.Shape shape;
    private final long[] restMps, restWhole, restCpu, restMem;
    private int k;
    private int[] idle;
    private long[][] gpuFree; // per instance: free MiB of its MPS GPUs (first mpsCount[i] entries)
    private int[] mpsCount;
    private long[] cpu, mem;
    private int[] where;
    private long nodes;

    private ExactSearch(List<LowerBounds.Item> list, LowerBounds.Shape shape) {
        this.shape = shape;
        this.items = list.toArray(LowerBounds.Item[]::new);
        Arrays.sort(items, Comparator.comparingInt(LowerBounds.Item::whole).reversed()
                .thenComparing(Comparator.comparingLong(LowerBounds.Item::mpsMiB).reversed())
                .thenComparing(Comparator.comparingLong(LowerBounds.Item::cpu).reversed())
                .thenComparing(Comparator.comparingLong(LowerBounds.Item::mem).reversed()));
        int n = items.length;
        restMps = new long[n + 1];
        restWhole = new long[n + 1];
        restCpu = new long[n + 1];
        restMem = new long[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            restMps[i] = restMps[i + 1] + items[i].mpsMiB();
            restWhole[i] = restWhole[i + 1] + gpus(items[i]);
            restCpu[i] = restCpu[i + 1] + items[i].cpu();
            restMem[i] = restMem[i + 1] + items[i].mem();
        }
    }

    /**
     * The optimum for the copies, searching K = {@code lower} … {@code upper} − 1; {@code upper} is
     * a known packing (the packer's), so when no smaller K packs, {@code upper} is optimal.
     */
    static Result optimum(List<LowerBounds.Item> items, LowerBounds.Shape shape, int lower, int upper) {
        ExactSearch s = new ExactSearch(items, shape);
        long total = 0;
        for (int k = Math.max(lower, 0); k < upper; k++) {
            s.nodes = 0;
            Boolean packs = s.packs(k);
            total += s.nodes;
            if (packs == null) return new Result(k, false, total);
            if (packs) return new Result(k, true, total);
        }
        return new Result(upper, true, total);
    }

    /** True when the copies pack into k instances, false when they cannot, null when the budget ran out. */
    private Boolean packs(int k) {
        this.k = k;
        idle = new int[k];
        Arrays.fill(idle, shape.gpus());
        gpuFree = new long[k][shape.gpus()];
        mpsCount = new int[k];
        cpu = new long[k];
        mem = new long[k];
        Arrays.fill(cpu, shape.cpu());
        Arrays.fill(mem, shape.mem());
        where = new int[items.length];
        try {
            return place(0);
        } catch (BudgetSpent e) {
            return null;
        }
    }

    private static final class BudgetSpent extends RuntimeException {
        BudgetSpent() {
            super(null, null, false, false);
        }
    }

    private boolean place(int i) {
        if (i == items.length) return true;
        if (++nodes > BUDGET) throw new BudgetSpent();
        if (hopeless(i)) return false;
        LowerBounds.Item it = items[i];
        int from = i > 0 && it.equals(items[i - 1]) ? where[i - 1] : 0;
        boolean emptySeen = false;
        for (int j = from; j < k; j++) {
            boolean empty = idle[j] == shape.gpus() && cpu[j] == shape.cpu() && mem[j] == shape.mem();
            if (empty) {
                if (emptySeen) break; // instances after the first empty one are empty too (they fill in order)
                emptySeen = true;
            }
            if (it.cpu() > cpu[j] || it.mem() > mem[j]) continue;
            where[i] = j;
            cpu[j] -= it.cpu();
            mem[j] -= it.mem();
            if (it.mpsMiB() > 0) {
                if (placeMps(i, j, it.mpsMiB())) return true;
            } else if (gpus(it) <= idle[j]) {
                idle[j] -= gpus(it);
                boolean ok = place(i + 1);
                idle[j] += gpus(it);
                if (ok) return true;
            }
            cpu[j] += it.cpu();
            mem[j] += it.mem();
        }
        return false;
    }

    /** The MPS copy on instance j: on each distinct fitting MPS GPU, or on a fresh idle GPU. */
    private boolean placeMps(int i, int j, long mib) {
        long[] free = gpuFree[j];
        for (int g = 0; g < mpsCount[j]; g++) {
            if (free[g] < mib) continue;
            boolean seen = false;
            for (int h = 0; h < g && !seen; h++) seen = free[h] == free[g];
            if (seen) continue;
            free[g] -= mib;
            boolean ok = place(i + 1);
            free[g] += mib;
            if (ok) return true;
        }
        if (idle[j] > 0 && mib <= shape.gpuMiB()) {
            idle[j]--;
            free[mpsCount[j]++] = shape.gpuMiB() - mib;
            boolean ok = place(i + 1);
            mpsCount[j]--;
            idle[j]++;
            return ok;
        }
        return false;
    }

    /** Whole GPUs, or the one slice of a fractional type (its only "GPU"). */
    private static int gpus(LowerBounds.Item it) {
        return it.whole() + it.fractions();
    }

    /** What is left does not fit the room left, in some dimension. */
    private boolean hopeless(int i) {
        long idleAll = 0, mpsRoom = 0, cpuAll = 0, memAll = 0;
        for (int j = 0; j < k; j++) {
            idleAll += idle[j];
            cpuAll += cpu[j];
            memAll += mem[j];
            for (int g = 0; g < mpsCount[j]; g++) mpsRoom += gpuFree[j][g];
        }
        return restWhole[i] > idleAll || restMps[i] > mpsRoom + (idleAll - restWhole[i]) * shape.gpuMiB()
                || restCpu[i] > cpuAll || restMem[i] > memAll;
    }
}
