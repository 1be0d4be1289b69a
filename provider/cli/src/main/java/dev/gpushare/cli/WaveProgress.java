package dev.gpushare.cli;

import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Rollout;
import dev.gpushare.engine.reconcile.ApplyListener;
import java.io.PrintWriter;

/**
 * A line on stderr for every rollout wave once its last action has committed:
 * {@code rollout embedder 5e0c1d2a3b4f → 9a8b7c6d5e4f: wave 2 of 4 done, 8 of 16 copies (revision 7)}.
 * Wraps the listener it is given, which still hears every batch.
 */
final class WaveProgress implements ApplyListener {
    private final Plan plan;
    private final PrintWriter err;
    private final ApplyListener next;
    /** The first action whose wave end has not been looked at. */
    private int nextAction;

    private WaveProgress(Plan plan, PrintWriter err, ApplyListener next) {
        this.plan = plan;
        this.err = err;
        this.next = next;
    }

    /** {@code next}, with the wave lines when the plan has rollouts. */
    static ApplyListener around(Plan plan, PrintWriter err, ApplyListener next) {
        return plan.rollouts().isEmpty() ? next : new WaveProgress(plan, err, next);
    }

    @Override
    public void started(Plan p) {
        next.started(p);
    }

    @Override
    public void committed(int done, int total, long revision) {
        for (; nextAction < done; nextAction++) {
            int w = plan.waveOf(nextAction);
            boolean ends = w > 0 && (nextAction + 1 >= plan.actions().size() || plan.waveOf(nextAction + 1) != w);
            if (!ends) continue;
            for (Rollout r : plan.rollouts()) {
                if (w < r.firstWave() || w > r.lastWave()) continue;
                int copiesDone = Math.round((float) r.copies() * (w - r.firstWave() + 1) / r.waves());
                err.println("rollout " + r.group() + " " + String.join(", ", r.from()) + " → " + r.to() + ": wave "
                        + (w - r.firstWave() + 1) + " of " + r.waves() + " done, about " + copiesDone + " of " + r.copies()
                        + " copies (revision " + revision + ")");
                err.flush();
            }
        }
        next.committed(done, total, revision);
    }
}
