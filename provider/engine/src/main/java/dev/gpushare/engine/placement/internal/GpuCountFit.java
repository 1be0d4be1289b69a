package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fits whose container asks for a number of distinct GPUs of the copy's instance (whole GPUs,
 * time-slicing replicas): each GPU is free for the container or not, given how many of the copy's
 * containers before it took it; the first free ones in index order are taken. What the copy's
 * containers took: per GPU, how many of them.
 */
abstract class GpuCountFit extends ContainerFit<int[]> {
    /** How many GPUs container {@code i} asks for. */
    abstract int count(CopyRequest copy, int i);

    /** True when GPU {@code gpu} is free for one more container, {@code taken} of the copy's having taken it. */
    abstract boolean free(Node node, Pool pool, int gpu, int taken);

    @Override
    final int[] nothingTaken(Node node) {
        return new int[node.gpus.length];
    }

    @Override
    final List<Choice.Pick> take(CopyRequest copy, int i, Node node, Pool pool, int[] taken) {
        int count = count(copy, i);
        List<Choice.Pick> picks = new ArrayList<>(count);
        for (GpuSlot g : node.gpus) {
            if (picks.size() == count) break;
            if (free(node, pool, g.index, taken[g.index])) {
                picks.add(new Choice.Pick(g.index, -1));
                taken[g.index]++;
            }
        }
        return picks.size() < count ? null : picks;
    }

    @Override
    final Refusal check(CopyRequest copy, int i, List<Choice.Pick> picks, Node node, Pool pool, int[] taken) {
        if (picks.size() != count(copy, i)) return new Refusal.Incompatible("GPU count changed");
        Set<Integer> distinct = new HashSet<>();
        for (Choice.Pick p : picks) {
            if (p.gpu() < 0 || p.gpu() >= node.gpus.length || !distinct.add(p.gpu()) || !free(node, pool, p.gpu(), taken[p.gpu()]++)) {
                return noRoom(copy, i, node, pool);
            }
        }
        return null;
    }
}
