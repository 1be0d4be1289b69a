package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * For small batches (at most {@link #MAX_COPIES} new BINPACK copies in a pool) first-fit
 * decreasing is not always optimal; this exhaustive branch-and-bound finds the fewest instances,
 * starting from the first-fit answer as the bound, so its result is never worse. Every candidate
 * still goes through the same feasibility checks ({@link HostFit}, {@link Fit}); only the order of
 * trying differs. Deterministic: the first optimal assignment in search order wins.
 */
final class ExactPacker {
    static final int MAX_COPIES = 12;
    /** Search nodes visited before giving up (keeps the worst case bounded; first fit then stands). */
    private static final long BUDGET = 300_000;

    private final PoolRun run;
    private final List<CopyRequest> copies;
    private final int[] orders;
    private final Choice[] choices;
    /** MPS MiB and whole GPUs still to place from copy i on (for the lower bound). */
    private final long[] mibLeft;
    private final long[] gpusLeft;
    private final long[] cpuLeft;
    private int best;
    private int[] bestOrders;
    private Choice[] bestChoices;
    private long visited;

    private ExactPacker(PoolRun run, List<CopyRequest> copies, int bound) {
        this.run = run;
        this.copies = copies;
        this.orders = new int[copies.size()];
        this.choices = new Choice[copies.size()];
        this.best = bound;
        this.mibLeft = new long[copies.size() + 1];
        this.gpusLeft = new long[copies.size() + 1];
        this.cpuLeft = new long[copies.size() + 1];
        for (int i = copies.size() - 1; i >= 0; i--) {
            CopyRequest c = copies.get(i);
            mibLeft[i] = mibLeft[i + 1] + c.mpsMiB();
            gpusLeft[i] = gpusLeft[i + 1] + (c.form() == Form.WHOLE ? WholeFit.total(c) : 0);
            cpuLeft[i] = cpuLeft[i + 1] + c.cpuUnits();
        }
    }

    /**
     * True when what is left cannot fit the free room of the open instances plus the instances a
     * better answer could still add (memory for MPS, idle GPUs for whole GPUs).
     */
    private boolean hopeless(int i, int count) {
        Pool pool = run.pool();
        long spare = best - 1 - count;
        long freeMib = 0, idle = 0, cpu = 0;
        for (Node n : run.nodes()) {
            if (n.closed) continue;
            idle += n.idleGpus;
            cpu += n.cpuFree;
            for (GpuSlot g : n.gpus) if (g.mpsOpen()) freeMib += g.memFree;
        }
        long perInstanceMib = pool.gpuMemoryMiB() * pool.gpuCount();
        return mibLeft[i] > freeMib + spare * perInstanceMib || gpusLeft[i] > idle + spare * pool.gpuCount()
                || cpuLeft[i] > cpu + spare * pool.type().cpuUnits();
    }

    /** A placement run with fewer instances than {@code bound}, or null when none exists (or the search gave up). */
    static PoolRun improve(Pool pool, Seed seed, List<CopyRequest> copies, int bound) {
        ExactPacker p = new ExactPacker(new PoolRun(pool, seed, 0), copies, bound);
        p.search(0);
        if (p.bestOrders == null) return null;
        PoolRun replay = new PoolRun(pool, seed, 0);
        for (int i = 0; i < copies.size(); i++) replay.replay(copies.get(i), p.bestOrders[i], p.bestChoices[i]);
        return replay;
    }

    private void search(int i) {
        if (++visited > BUDGET) return;
        int count = run.instanceCount();
        if (count >= best) return; // adding copies never lowers the count
        if (i == copies.size()) {
            best = count;
            bestOrders = orders.clone();
            bestChoices = choices.clone();
            return;
        }
        if (hopeless(i, count)) return;
        CopyRequest copy = copies.get(i);
        boolean emptyTried = false;
        List<Node> nodes = run.nodes();
        for (int k = 0; k < nodes.size(); k++) {
            Node n = nodes.get(k);
            if (n.copies == 0 && !n.closed) {
                if (emptyTried) continue; // empty instances are interchangeable
                emptyTried = true;
            }
            tryAll(i, copy, n);
        }
        if (!emptyTried && nodes.size() < run.pool().maxInstances()) {
            Node fresh = run.open();
            tryAll(i, copy, fresh);
            run.dropLast();
        }
    }

    private void tryAll(int i, CopyRequest copy, Node n) {
        if (HostFit.check(copy, n) != null) return;
        for (Choice c : candidates(copy, n)) {
            Node.Memento m = n.save();
            Assign.apply(copy, n, c, null);
            orders[i] = n.order;
            choices[i] = c;
            search(i + 1);
            n.restore(m);
        }
    }

    /** MPS: every GPU that fits (GPUs in the same state are interchangeable); other forms: first fit on the instance. */
    private List<Choice> candidates(CopyRequest copy, Node n) {
        List<Choice> out = new ArrayList<>();
        if (copy.form() == Form.MPS) {
            List<GpuSlot> seen = new ArrayList<>();
            for (GpuSlot g : n.gpus) {
                if (!MpsFit.fitsGpu(copy, g, run.pool())) continue;
                boolean same = false;
                for (GpuSlot s : seen) {
                    same |= s.mode == g.mode && s.memFree == g.memFree
                            && (s.clients == g.clients || run.pool().maxClients() == Integer.MAX_VALUE);
                }
                if (same) continue;
                seen.add(g);
                out.add(MpsFit.choiceOn(copy, g.index));
            }
            return out;
        }
        if (Fit.of(copy.form()).find(copy, n, run.pool()) instanceof Choice c) out.add(c);
        return out;
    }
}
