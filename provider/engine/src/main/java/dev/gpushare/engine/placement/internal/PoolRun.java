package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.internal.MaxTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;

/**
 * One placement run over one pool: the kept state is seeded, the minimum of instances opened, then
 * new copies are offered largest first to their strategy. Mutable, single-use.
 */
final class PoolRun {
    private final Pool pool;
    private final int spreadCap;
    private final List<Node> nodes = new ArrayList<>();
    private final Set<Integer> usedNumbers;
    private final MaxTree gpuTree;   // per GPU: free MiB if it takes MPS work, else -1
    private final MaxTree idleTree;  // per instance: idle GPUs (fractional: 1 when empty), -1 if closed
    private final List<CopyRequest> failed = new ArrayList<>();
    private Map<String, Refusals> refusals; // by shape, for the copies nothing took
    private int nextNumber;
    private long[] minCpuLeft;
    private long[] minMemLeft;
    private int current;
    /** Seeded instances that hold copies or are closed: every run from the same seed counts at least these. */
    private final int seedBusy;

    PoolRun(Pool pool, Seed seed, int spreadCap) {
        this.pool = pool;
        this.spreadCap = spreadCap;
        this.usedNumbers = new HashSet<>(seed.usedNumbers());
        // the trees grow by doubling: sized for the instances there are (and as many again), not for the pool's limit
        int expected = Math.max(16, Math.min(pool.maxInstances(), Math.max(2 * seed.nodes().size(), 1024)));
        this.gpuTree = pool.kind() == Pool.Kind.MPS ? new MaxTree(expected * pool.gpuCount()) : null;
        this.idleTree = new MaxTree(expected);
        idleTree.defer();
        if (gpuTree != null) gpuTree.defer();
        int busy = 0;
        for (Seed.SeedNode s : seed.nodes()) {
            Node n = new Node(s.built(), nodes.size(), s.origin());
            if (n.copies > 0 || n.closed) busy++;
            n.exact = s.exact();
            if (spreadCap > 0) {
                n.trackGroups = true;
                for (CopyRequest k : s.copies()) n.countGroup(k.group());
            }
            nodes.add(n);
            index(n);
        }
        idleTree.flush();
        if (gpuTree != null) gpuTree.flush();
        this.seedBusy = busy;
        while (nodes.size() < pool.minInstances()) open();
    }

    /**
     * The fewest instances any run from this run's seed counts ({@link #instanceCount}): its seeded
     * instances that hold copies or are closed (a run only adds copies).
     */
    int leastInstanceCount() {
        return seedBusy;
    }

    Pool pool() { return pool; }

    int spreadCap() { return spreadCap; }

    List<Node> nodes() { return nodes; }

    /** Copies nothing took, in the order they were offered; explained afterwards. */
    List<CopyRequest> failed() { return failed; }

    /**
     * What the instances refuse to a copy nothing took, as the run ended: the state the plan shows (a
     * copy that failed early saw more room than the copies placed after it left, and its numbers would
     * change when the plan is made again on its own output). Recorded on first ask, once per shape
     * (copies of a shape are alike); the run no longer changes once {@link #placeAll} returns, and a
     * run that is discarded (another order placed more) never pays for it.
     */
    Refusals refusals(CopyRequest failedCopy) {
        if (refusals == null) refusals = new HashMap<>();
        return refusals.computeIfAbsent(failedCopy.shape(), k -> Refusals.of(failedCopy, this));
    }

    /** Places the copies in the order given (the caller sorts them largest first). */
    void placeAll(List<CopyRequest> copies) {
        // the least host CPU / memory any copy still to come needs: an instance with less is full for good
        minCpuLeft = new long[copies.size() + 1];
        minMemLeft = new long[copies.size() + 1];
        minCpuLeft[copies.size()] = Long.MAX_VALUE;
        minMemLeft[copies.size()] = Long.MAX_VALUE;
        for (int i = copies.size() - 1; i >= 0; i--) {
            minCpuLeft[i] = Math.min(minCpuLeft[i + 1], copies.get(i).cpuUnits());
            minMemLeft[i] = Math.min(minMemLeft[i + 1], copies.get(i).memoryMiB());
        }
        for (current = 0; current < copies.size(); current++) {
            CopyRequest c = copies.get(current);
            if (!Strategy.of(c.strategy(), this).place(c, this)) failed.add(c);
        }
    }

    /** True when no copy still to place fits the instance's host room: it leaves the indexes. */
    private boolean hostFull(Node n) {
        return minCpuLeft != null && (n.cpuFree < minCpuLeft[current] || n.memFree < minMemLeft[current]);
    }

    /** Places the copy on the instance at {@code order} with a choice found earlier (replaying the exact search). */
    void replay(CopyRequest copy, int order, Choice choice) {
        while (nodes.size() <= order) open();
        commit(copy, nodes.get(order), choice);
    }

    /** Tries one open instance: host first, then the copy's GPU form. */
    boolean tryNode(CopyRequest copy, Node n) {
        if (HostFit.check(copy, n) != null) return false;
        FitResult r = Fit.of(copy.form()).find(copy, n, pool);
        if (r instanceof Choice c) {
            commit(copy, n, c);
            return true;
        }
        return false;
    }

    /** First fit in (instance, GPU) order via the GPU index. */
    boolean firstFitMps(CopyRequest copy) {
        if (gpuTree == null) return firstFitScan(copy);
        int gpus = pool.gpuCount();
        int from = 0;
        while (true) {
            int pos = gpuTree.leftmost(from, copy.mpsMiB());
            if (pos < 0) return false;
            Node n = nodes.get(pos / gpus);
            if (HostFit.check(copy, n) != null) {
                if (hostFull(n)) index(n);        // drops out of the index for good
                from = (n.order + 1) * gpus; // nothing on this instance can take it
                continue;
            }
            GpuSlot g = n.gpus[pos % gpus];
            if (MpsFit.fitsGpu(copy, g, pool)) {
                commit(copy, n, MpsFit.choiceOn(copy, g.index));
                return true;
            }
            from = pos + 1;
        }
    }

    /** First fit over instances with enough idle GPUs via the instance index. */
    boolean firstFitIdle(CopyRequest copy) {
        int need = copy.form() == Form.FRACTION ? 1 : WholeFit.total(copy);
        int from = 0;
        while (true) {
            int pos = idleTree.leftmost(from, need);
            if (pos < 0) return false;
            if (tryNode(copy, nodes.get(pos))) return true;
            from = pos + 1;
        }
    }

    /** First fit by a linear scan (MIG partitions, time-slicing replicas). */
    boolean firstFitScan(CopyRequest copy) {
        for (Node n : nodes) if (tryNode(copy, n)) return true;
        return false;
    }

    /** Opens a new instance for the copy if the pool may grow and an empty instance takes it. */
    boolean placeOnFresh(CopyRequest copy) {
        if (nodes.size() >= pool.maxInstances() || freshRefusal(copy) != null) return false;
        return tryNode(copy, open());
    }

    /** Why even an empty instance of the pool cannot take the copy, or null. */
    Refusal freshRefusal(CopyRequest copy) {
        Node probe = new Node(-1, -1, pool, false, null);
        Refusal host = HostFit.check(copy, probe);
        if (host != null) return host;
        FitResult r = Fit.of(copy.form()).find(copy, probe, pool);
        return r instanceof Refusal refusal ? refusal : null;
    }

    Node open() {
        // a service whose client left interrupts its plan: give up here, once per new instance
        if (Thread.currentThread().isInterrupted()) throw new java.util.concurrent.CancellationException("placement interrupted");
        while (usedNumbers.contains(nextNumber)) nextNumber++;
        usedNumbers.add(nextNumber);
        Node n = new Node(nextNumber, nodes.size(), pool, false, null);
        n.trackGroups = spreadCap > 0;
        nodes.add(n);
        index(n);
        return n;
    }

    private void commit(CopyRequest copy, Node n, Choice c) {
        Assign.apply(copy, n, c, Assign.allocations(copy, n, c));
        index(n);
    }

    private void index(Node n) {
        boolean shut = n.closed || hostFull(n);
        idleTree.set(n.order, shut ? -1 : pool.kind() == Pool.Kind.FRACTIONAL ? (n.copies == 0 ? 1 : 0) : n.idleGpus);
        if (gpuTree == null) return;
        int base = n.order * pool.gpuCount();
        for (GpuSlot g : n.gpus) {
            boolean open = !shut && g.mpsOpen() && g.clients < pool.maxClients();
            gpuTree.set(base + g.index, open ? g.memFree : -1);
        }
    }

    /** Forgets the last opened instance (backtracking of the exact search; it must be empty). */
    void dropLast() {
        Node n = nodes.remove(nodes.size() - 1);
        usedNumbers.remove(n.number);
        nextNumber = Math.min(nextNumber, n.number);
        idleTree.set(n.order, -1);
        if (gpuTree != null) for (GpuSlot g : n.gpus) gpuTree.set(n.order * pool.gpuCount() + g.index, -1);
    }

    /** Instances that count: with copies, unhealthy ones kept, and at least the pool's minimum. */
    int instanceCount() {
        int busy = 0;
        for (Node n : nodes) if (n.copies > 0 || n.closed) busy++;
        return Math.max(busy, Math.min(nodes.size(), pool.minInstances()));
    }

    /** Instances with work, plus empty ones up to the pool's minimum (existing ones first). */
    List<Node> keptNodes() {
        int busy = 0;
        for (Node n : nodes) if (n.copies > 0 || n.closed) busy++;
        int emptyToKeep = Math.max(0, pool.minInstances() - busy);
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            if (n.copies > 0 || n.closed) out.add(n);
            else if (emptyToKeep > 0) {
                out.add(n);
                emptyToKeep--;
            }
        }
        return out;
    }

    /** The instances of the result, ordered by number. */
    List<Instance> instances() {
        List<Node> kept = keptNodes();
        kept.sort(Comparator.comparingInt(n -> n.number));
        List<Instance> out = new ArrayList<>(kept.size());
        for (Node n : kept) {
            if (n.origin != null && (n.exact || unchanged(n, n.origin))) {
                out.add(n.origin);
                continue;
            }
            List<Gpu> gpus = new ArrayList<>(n.gpus.length);
            for (GpuSlot g : n.gpus) {
                List<Allocation> allocs = g.allocations;
                if (allocs.size() > 1) {
                    allocs = new ArrayList<>(allocs);
                    allocs.sort(PoolRun::byTaskThenContainer);
                }
                gpus.add(new Gpu(g.index, pool.gpuModel(), pool.gpuMemoryMiB(), g.mode, pool.fraction(),
                        g.parts, allocs));
            }
            out.add(new Instance(n.id, pool.owner(), pool.type().name(), !n.closed, n.healthReason, gpus));
        }
        return out;
    }

    /** The order of allocations on a GPU in the output: task, then container. */
    private static int byTaskThenContainer(Allocation a, Allocation b) {
        int c = a.task().compareTo(b.task());
        return c != 0 ? c : a.container().compareTo(b.container());
    }

    /**
     * True when the instance {@link #instances} would write for the node equals {@code origin}, field
     * by field (structural sharing: an untouched instance of a large fleet is returned, not rebuilt).
     * Allocations: the node's are origin's in the same order (the kept ones are the recorded objects)
     * and origin's are strictly in output order, so sorting would not change them.
     */
    private boolean unchanged(Node n, Instance origin) {
        if (!origin.id().equals(n.id) || origin.healthy() == n.closed || !Objects.equals(origin.healthReason(), n.healthReason)
                || !origin.instanceType().equals(pool.type().name()) || origin.gpus().size() != n.gpus.length
                || !origin.owner().equals(pool.owner())) {
            return false;
        }
        for (int i = 0; i < n.gpus.length; i++) {
            GpuSlot g = n.gpus[i];
            Gpu o = origin.gpus().get(i);
            if (o.index() != g.index || o.mode() != g.mode || o.memoryMiB() != pool.gpuMemoryMiB()
                    || !Objects.equals(o.model(), pool.gpuModel()) || !Objects.equals(o.fraction(), pool.fraction())
                    || !o.partitions().equals(g.parts)) {
                return false;
            }
            List<Allocation> mine = g.allocations, theirs = o.allocations();
            if (mine.size() != theirs.size()) return false;
            for (int a = 0; a < mine.size(); a++) {
                if (mine.get(a) != theirs.get(a)) return false;
                if (a > 0 && byTaskThenContainer(theirs.get(a - 1), theirs.get(a)) >= 0) return false;
            }
        }
        return true;
    }
}
