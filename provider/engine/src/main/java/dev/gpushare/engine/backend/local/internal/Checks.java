package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.function.Supplier;

/**
 * The apply-time check of the local backend: a plan's batches one after another go on from the
 * last one's check session (read once), while the cluster is the one this backend's last commit
 * left; after anything else the session is read again from the rows.
 */
public final class Checks {
    private ActionCheck.Session session;
    private String cluster;
    private long revision = -1;

    /**
     * The problems of {@code batch} against the cluster at {@code current}; {@code view} reads the
     * instances as the transaction sees them when the session must start afresh.
     */
    public List<Problem> check(String cluster, long current, List<Action> batch, Supplier<StateView> view) {
        if (session == null || !session.usable() || !cluster.equals(this.cluster) || revision != current) {
            session = ActionCheck.session(view.get(), Catalog.builtIn());
            this.cluster = cluster;
        }
        List<Problem> problems = session.check(batch);
        if (!problems.isEmpty()) forget();
        return problems;
    }

    /** The checked batch committed: the cluster is now at {@code next}. */
    public void committed(long next) {
        revision = next;
    }

    /** The next batch is checked afresh (a refusal or a failure). */
    public void forget() {
        session = null;
    }
}
