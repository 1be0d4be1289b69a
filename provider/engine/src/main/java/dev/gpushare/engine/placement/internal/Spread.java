package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * SPREAD: the instance with the fewest copies of the same service first (then opening order), and a
 * new instance before a second copy on one — but never more instances than the pool's spread cap
 * (what BINPACK needs for the whole pool). When spreading finds nothing it falls back to BINPACK.
 */
final class Spread implements Strategy {
    static final Spread INSTANCE = new Spread();

    @Override
    public boolean place(CopyRequest copy, PoolRun run) {
        List<Node> candidates = new ArrayList<>(run.nodes());
        candidates.sort(Comparator.comparingInt((Node n) -> n.copiesOf(copy.group())).thenComparingInt(n -> n.order));
        boolean freshTried = false;
        for (Node n : candidates) {
            if (!freshTried && n.copiesOf(copy.group()) > 0 && run.nodes().size() < run.spreadCap()) {
                freshTried = true;
                if (run.placeOnFresh(copy)) return true;
            }
            if (run.tryNode(copy, n)) return true;
        }
        if (!freshTried && run.nodes().size() < run.spreadCap() && run.placeOnFresh(copy)) return true;
        return Binpack.INSTANCE.place(copy, run);
    }
}
