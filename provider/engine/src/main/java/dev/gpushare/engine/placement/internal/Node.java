package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.InstanceId;
import java.util.HashMap;
import java.util.Map;

/** The mutable bookkeeping of one instance during a placement run. */
final class Node {
    final int number;
    final InstanceId id;
    /** Position in opening order: first-fit scans in this order. */
    final int order;
    /** Unhealthy but not being replaced: kept with its copies, takes nothing new. */
    final boolean closed;
    final String healthReason;
    long cpuFree;
    long memFree;
    final GpuSlot[] gpus;
    int copies;
    int idleGpus;
    private final Map<String, Integer> perGroup = new HashMap<>();

    Node(int number, int order, Pool pool, boolean closed, String healthReason) {
        this.number = number;
        this.id = new InstanceId(pool.name(), number);
        this.order = order;
        this.closed = closed;
        this.healthReason = healthReason;
        this.cpuFree = pool.type().cpuUnits();
        this.memFree = pool.type().memoryMiB();
        this.gpus = new GpuSlot[pool.gpuCount()];
        for (int g = 0; g < gpus.length; g++) gpus[g] = new GpuSlot(g, pool);
        this.idleGpus = pool.baseMode() == dev.gpushare.engine.state.GpuMode.IDLE ? gpus.length : 0;
        this.origin = null;
    }

    /**
     * The current instance this node was seeded from, or null; {@link PoolRun#instances} returns it
     * unchanged when the node still describes it exactly.
     */
    final dev.gpushare.engine.state.Instance origin;

    /** A copy of {@code from}'s bookkeeping at position {@code order} (groups not counted). */
    Node(Node from, int order, dev.gpushare.engine.state.Instance origin) {
        this.number = from.number;
        this.id = from.id;
        this.order = order;
        this.closed = from.closed;
        this.healthReason = from.healthReason;
        this.cpuFree = from.cpuFree;
        this.memFree = from.memFree;
        this.gpus = new GpuSlot[from.gpus.length];
        for (int g = 0; g < gpus.length; g++) gpus[g] = new GpuSlot(from.gpus[g]);
        this.copies = from.copies;
        this.idleGpus = from.idleGpus;
        this.origin = origin;
    }

    int copiesOf(String group) {
        return perGroup.getOrDefault(group, 0);
    }

    /** Copies per service are only needed by SPREAD; counting them costs a map update per copy. */
    boolean trackGroups;

    /**
     * True while the node is exactly the bookkeeping of {@link #origin} as that instance stands (a
     * node seeded from the bookkeeping kept with a converged state): {@link PoolRun#instances}
     * returns the origin without comparing its allocations. Any copy applied clears it.
     */
    boolean exact;

    void countCopy(String group) {
        exact = false;
        copies++;
        if (trackGroups) countGroup(group);
    }

    /** Counts a copy of the group already counted in {@link #copies} (seeding a copied node). */
    void countGroup(String group) {
        perGroup.merge(group, 1, Integer::sum);
    }

    /** Everything a copy can change, to undo it during the exact search. */
    Memento save() {
        GpuMemento[] g = new GpuMemento[gpus.length];
        for (int i = 0; i < gpus.length; i++) {
            GpuSlot s = gpus[i];
            g[i] = new GpuMemento(s.mode, s.memFree, s.clients, s.slotsUsed, s.partUsed.clone(), s.allocations.size());
        }
        return new Memento(cpuFree, memFree, copies, idleGpus, new HashMap<>(perGroup), g);
    }

    void restore(Memento m) {
        cpuFree = m.cpuFree();
        memFree = m.memFree();
        copies = m.copies();
        idleGpus = m.idleGpus();
        perGroup.clear();
        perGroup.putAll(m.perGroup());
        for (int i = 0; i < gpus.length; i++) {
            GpuSlot s = gpus[i];
            GpuMemento gm = m.gpus()[i];
            s.mode = gm.mode();
            s.memFree = gm.memFree();
            s.clients = gm.clients();
            s.slotsUsed = gm.slotsUsed();
            System.arraycopy(gm.partUsed(), 0, s.partUsed, 0, s.partUsed.length);
            s.truncate(gm.allocations());
        }
    }

    record Memento(long cpuFree, long memFree, int copies, int idleGpus, Map<String, Integer> perGroup, GpuMemento[] gpus) {}

    record GpuMemento(dev.gpushare.engine.state.GpuMode mode, long memFree, int clients, int slotsUsed, boolean[] partUsed,
                      int allocations) {}
}
