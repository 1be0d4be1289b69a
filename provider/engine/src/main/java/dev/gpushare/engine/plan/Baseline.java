package dev.gpushare.engine.plan;

import dev.gpushare.engine.placement.Bookkeeping;
import dev.gpushare.model.Spec;
import java.util.Objects;

/**
 * What a cluster was last converged to: the spec, the backend revision at which the state was its
 * result, and the placement bookkeeping of that state. Given to {@link Planner#replan}, it lets a
 * plan from the same revision touch only what changed ({@link dev.gpushare.engine.placement.ChangeSet}).
 * Only {@link Replan} makes one, from a plan that was applied in full or that was empty — so the
 * revision names a state the engine wrote for that spec; a state at any other revision (another
 * writer, a health mark, a partial apply) takes the full path. Immutable; held in memory by the
 * long-running front doors (the Java API {@code Gpushare}); losing it only costs speed.
 */
public final class Baseline {
    private final Spec spec;
    private final long revision;
    private final Bookkeeping memo;

    Baseline(Spec spec, long revision, Bookkeeping memo) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.revision = revision;
        this.memo = Objects.requireNonNull(memo, "memo");
    }

    public String cluster() {
        return spec.cluster();
    }

    /** The spec the state was converged to. */
    public Spec spec() {
        return spec;
    }

    /** The backend revision of that state. */
    public long revision() {
        return revision;
    }

    Bookkeeping memo() {
        return memo;
    }
}
