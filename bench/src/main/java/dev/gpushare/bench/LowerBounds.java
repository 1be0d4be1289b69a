package dev.gpushare.bench;

import java.util.ArrayList;
import java.util.Arrays;
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
 * Lower bounds on instances: the volume bound and the Martello–Toth L2 bound on bins, and per pool
 * of a spec the bounds {@link #of} combines (the figures of docs/benchmarks.md).
 */
final class LowerBounds {
    private LowerBounds() {}

    /**
     * A fleet's bounds, summed over pools: {@code instances} the bound PlacementBench has always
     * printed (the best of one dimension at a time), {@code best} that and the combined bounds of
     * {@link #combined}, {@code gpusL2} the GPU bound (MPS L2 + whole GPUs + fractional slices);
     * all -1 for a spec without capacity providers (endpoints have fixed instance counts).
     */
    record Fleet(long instances, long best, long gpusL2) {}

    /**
     * One copy of a pool: MPS MiB on one GPU (0 if none), whole GPUs, fractional slices, host CPU
     * units and host memory MiB.
     */
    record Item(long mpsMiB, int whole, int fractions, long cpu, long mem) {}

    /** A pool's instance type as the bounds see it: GPUs, usable MiB per GPU, CPU units, memory MiB. */
    record Shape(int gpus, long gpuMiB, long cpu, long mem) {}

    static Fleet of(Spec spec, Catalog catalog) {
        if (spec.capacityProviders().isEmpty()) return new Fleet(-1, -1, -1);
        long instances = 0, best = 0, l2 = 0;
        for (CapacityProvider cp : spec.capacityProviders()) {
            Shape shape = shape(cp.instanceType(), catalog);
            List<Item> items = items(spec, cp.name(), catalog);
            long basic = basic(items, shape);
            instances += basic;
            best += Math.max(basic, combined(items, shape));
            long whole = 0, fractional = 0;
            for (Item i : items) {
                whole += i.whole();
                fractional += i.fractions();
            }
            l2 += martelloToth(mps(items), shape.gpuMiB()) + whole + fractional;
        }
        return new Fleet(instances, best, l2);
    }

    /** The copies of the services on capacity provider {@code pool}, one item per copy. */
    static List<Item> items(Spec spec, String pool, Catalog catalog) {
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.put(td.family(), td);
        String type = spec.capacityProviders().stream().filter(c -> c.name().equals(pool)).findFirst().orElseThrow().instanceType();
        int gpus = catalog.instanceType(type).orElseThrow().gpuCount();
        List<Item> out = new ArrayList<>();
        for (Service s : spec.services()) {
            if (!s.capacityProvider().equals(pool)) continue;
            Item item = item(tds.get(s.taskDefinition()), gpus);
            for (int n = 0; n < s.desiredCount(); n++) out.add(item);
        }
        return out;
    }

    /** An instance type as the bounds see it (a fractional type: one GPU, its slice's memory). */
    static Shape shape(String type, Catalog catalog) {
        InstanceType t = catalog.instanceType(type).orElseThrow();
        long gpuMiB = t.fractional() ? t.gpuMemoryMiB() : catalog.gpuModel(t.gpuModel()).orElseThrow().usableMemoryMiB();
        return new Shape(t.gpuCount(), gpuMiB, t.cpuUnits(), t.memoryMiB());
    }

    static Item item(TaskDefinition td, int gpuCount) {
        long mps = 0;
        int whole = 0, fractions = 0;
        for (Container c : td.containers()) {
            switch (c.gpu()) {
                case GpuRequirement.NvidiaMps m -> mps += m.memoryMiB();
                case GpuRequirement.Whole w -> whole += w.count();
                case GpuRequirement.All a -> whole += gpuCount;
                case GpuRequirement.Fraction f -> fractions++;
                case null, default -> { }
            }
        }
        return new Item(mps, whole, fractions, td.cpu() == null ? 0 : td.cpu(), td.memoryMiB() == null ? 0 : td.memoryMiB());
    }

    /**
     * The bound PlacementBench printed from the start, one dimension at a time: max(⌈Σ MPS MiB /
     * instance⌉, ⌈L2 / GPUs per instance⌉, ⌈Σ whole GPUs / GPUs per instance⌉, one instance per
     * fractional copy, ⌈Σ host CPU / instance⌉, ⌈Σ host memory / instance⌉).
     */
    static long basic(List<Item> items, Shape t) {
        long[] sizes = mps(items);
        long whole = 0, fractional = 0, cpu = 0, mem = 0;
        for (Item i : items) {
            whole += i.whole();
            fractional += i.fractions();
            cpu += i.cpu();
            mem += i.mem();
        }
        long g = t.gpus();
        long pool = Math.max(volume(sizes, t.gpuMiB() * g), ceil(martelloToth(sizes, t.gpuMiB()), g));
        pool = Math.max(pool, ceil(whole, g));
        pool = Math.max(pool, fractional);
        return Math.max(pool, Math.max(ceil(cpu, t.cpu()), ceil(mem, t.mem())));
    }

    /**
     * Bounds that look at the dimensions together (each valid on its own, the largest is taken):
     * <ol>
     *   <li>GPUs: MPS copies need at least L2 GPUs of their own (Martello–Toth on GPU memory) and
     *       whole copies their GPUs: L2 on instances over the GPU counts {whole copies} ∪ {L2 ×
     *       1}, capacity the GPUs per instance (two copies of more than half the GPUs never share
     *       an instance; a 4-GPU copy on a 4-GPU instance takes it alone).</li>
     *   <li>For each dimension d (GPUs, CPU, memory), the copies "big" in d (more than half an
     *       instance) need one instance each; what the other copies need in every dimension must
     *       fit in the room the big copies leave plus new instances: |big| + max over dimensions
     *       e of ⌈(Σ_e rest − room_e(big)) / instance_e⌉.</li>
     * </ol>
     */
    static long combined(List<Item> items, Shape t) {
        long[] sizes = mps(items);
        long mpsGpus = martelloToth(sizes, t.gpuMiB());
        List<Long> counts = new ArrayList<>();
        for (Item i : items) if (i.whole() > 0) counts.add((long) i.whole());
        long[] gpuItems = new long[counts.size() + (int) mpsGpus];
        for (int k = 0; k < counts.size(); k++) gpuItems[k] = counts.get(k);
        Arrays.fill(gpuItems, counts.size(), gpuItems.length, 1L);
        long best = martelloToth(gpuItems, t.gpus());
        for (int d = 0; d < 3; d++) best = Math.max(best, bigApart(items, t, d));
        return best;
    }

    /** Bound 2 of {@link #combined} for dimension {@code d}: 0 GPUs, 1 CPU, 2 memory. */
    private static long bigApart(List<Item> items, Shape t, int d) {
        long big = 0, roomGpus = 0, roomCpu = 0, roomMem = 0;
        long restWhole = 0, restCpu = 0, restMem = 0;
        List<Long> restMps = new ArrayList<>();
        for (Item i : items) {
            boolean isBig = switch (d) {
                case 0 -> 2L * (i.whole() + i.fractions()) > t.gpus();
                case 1 -> 2 * i.cpu() > t.cpu();
                default -> 2 * i.mem() > t.mem();
            };
            if (isBig) {
                big++;
                // the room a big copy leaves: its instance's other GPUs (an MPS copy's GPU counted as room: its rest may take MPS work)
                roomGpus += t.gpus() - i.whole() - i.fractions();
                roomCpu += t.cpu() - i.cpu();
                roomMem += t.mem() - i.mem();
            } else {
                restWhole += i.whole() + i.fractions();
                restCpu += i.cpu();
                restMem += i.mem();
                if (i.mpsMiB() > 0) restMps.add(i.mpsMiB());
            }
        }
        long restGpus = restWhole + martelloToth(restMps.stream().mapToLong(Long::longValue).toArray(), t.gpuMiB());
        long more = Math.max(ceil(Math.max(0, restGpus - roomGpus), t.gpus()),
                Math.max(ceil(Math.max(0, restCpu - roomCpu), t.cpu()), ceil(Math.max(0, restMem - roomMem), t.mem())));
        return big + more;
    }

    private static long[] mps(List<Item> items) {
        long[] out = new long[items.size()];
        int n = 0;
        for (Item i : items) if (i.mpsMiB() > 0) out[n++] = i.mpsMiB();
        return Arrays.copyOf(out, n);
    }

    static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }

    /** ⌈Σ w / capacity⌉. */
    static long volume(long[] sizes, long capacity) {
        long sum = 0;
        for (long s : sizes) sum += s;
        return (sum + capacity - 1) / capacity;
    }

    /**
     * Martello–Toth L2: for every α in [0, C/2], items larger than C − α each need their own bin
     * (J1); items in (C/2, C − α] each need one too (J2), and items in [α, C/2] (J3) need whatever
     * does not fit in the room J2 leaves: L(α) = |J1| + |J2| + max(0, ⌈(Σ J3 − (|J2|·C − Σ J2)) / C⌉).
     * L2 = max over α; evaluating α at each distinct item size ≤ C/2 (and 0) suffices. O(n log n).
     */
    static long martelloToth(long[] input, long c) {
        long[] w = input.clone();
        Arrays.sort(w);
        int n = w.length;
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + w[i];
        long best = 0;
        int half = upper(w, c / 2); // items ≤ C/2 are w[0 .. half)
        long prev = -1;
        for (int a = -1; a < half; a++) {
            long alpha = a < 0 ? 0 : w[a];
            if (alpha == prev) continue;
            prev = alpha;
            int j3from = lower(w, alpha);
            int j3to = half;                     // [α, C/2]
            int j1from = upper(w, c - alpha);    // > C − α
            int j2from = half;                   // (C/2, C − α]
            long j1 = n - j1from;
            long j2 = j1from - j2from;
            long sumJ2 = prefix[j1from] - prefix[j2from];
            long sumJ3 = prefix[j3to] - prefix[j3from];
            long room = j2 * c - sumJ2;
            long extra = Math.max(0, (sumJ3 - room + c - 1) / c);
            best = Math.max(best, j1 + j2 + extra);
        }
        return Math.max(best, volume(w, c));
    }

    /** First index with w[i] ≥ x. */
    private static int lower(long[] w, long x) {
        int lo = 0, hi = w.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (w[mid] < x) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** First index with w[i] > x. */
    private static int upper(long[] w, long x) {
        int lo = 0, hi = w.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (w[mid] <= x) lo = mid + 1; else hi = mid;
        }
        return lo;
    }
}
