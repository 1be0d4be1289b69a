package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The fits whose copy takes its GPUs container by container on one instance (whole GPUs, MIG
 * partitions, time-slicing replicas), finding and verifying alike: first what the pool can never
 * give ({@link #poolRefusal}, the same check for both), then each container in task-definition
 * order against what the containers before it took on the instance. Finding takes the first free
 * GPUs in index order; a container without room refuses the copy with {@link #noRoom}'s numbers,
 * whether its GPUs were looked for or given.
 *
 * @param <T> what the copy's containers have taken so far on the instance
 */
abstract class ContainerFit<T> implements Fit {
    /** Why the pool cannot take the copy on any of its instances; null when it can. */
    abstract Refusal poolRefusal(CopyRequest copy, Pool pool);

    /**
     * Why the node cannot take the copy, from the node's counters alone (no container looked at); null
     * when it may. A shortcut for placement, which asks every candidate node: it must refuse only what
     * {@link #take}/{@link #check} would refuse too, with {@link #noRoom}'s numbers.
     */
    Refusal nodeRefusal(CopyRequest copy, Node node, Pool pool) {
        return null;
    }

    /** Nothing taken yet on {@code node}. */
    abstract T nothingTaken(Node node);

    /** Container {@code i}'s first free GPUs in index order, marked in {@code taken}; null when the node has no room for it. */
    abstract List<Choice.Pick> take(CopyRequest copy, int i, Node node, Pool pool, T taken);

    /** Null when container {@code i}'s given {@code picks} are free on the node (marked in {@code taken}), else why not. */
    abstract Refusal check(CopyRequest copy, int i, List<Choice.Pick> picks, Node node, Pool pool, T taken);

    /** Why the node has no room for container {@code i}, with the numbers. */
    abstract Refusal noRoom(CopyRequest copy, int i, Node node, Pool pool);

    @Override
    public final FitResult find(CopyRequest copy, Node node, Pool pool) {
        Refusal r = poolRefusal(copy, pool);
        if (r == null) r = nodeRefusal(copy, node, pool);
        if (r != null) return r;
        T taken = nothingTaken(node);
        List<List<Choice.Pick>> per = new ArrayList<>(copy.containers().size());
        for (int i = 0; i < copy.containers().size(); i++) {
            List<Choice.Pick> picks = take(copy, i, node, pool, taken);
            if (picks == null) return noRoom(copy, i, node, pool);
            per.add(picks);
        }
        return new Choice(per);
    }

    @Override
    public final Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        Refusal r = poolRefusal(copy, pool);
        if (r == null) r = nodeRefusal(copy, node, pool);
        if (r != null) return r;
        T taken = nothingTaken(node);
        for (int i = 0; i < copy.containers().size() && r == null; i++) {
            r = check(copy, i, choice.perContainer().get(i), node, pool, taken);
        }
        return r;
    }
}
