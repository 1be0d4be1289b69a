package dev.gpushare.engine.backend;

import dev.gpushare.model.Spec;
import java.util.Optional;

/**
 * Which spec a cluster's state was last converged to, kept with the state (the local backend: in
 * the same SQLite transaction as its stored snapshot), so that a fresh process plans from it the
 * way a long-running one plans from the baseline it holds in memory ({@link
 * dev.gpushare.engine.converge.Converger}): only what changed since is placed and diffed.
 *
 * <p>Crash-safe by its revision: {@link #convergedAt} answers only for exactly the revision it was
 * recorded at, and every write moves the revision on (revisions are never reused), so a spec
 * recorded for an older state is never answered. Losing one only costs speed.
 */
public interface ConvergedSpecs {
    /**
     * The spec the cluster's state at {@code revision} is the converged result of, when one is kept
     * for exactly that revision. {@code planned} is the spec about to be planned: when the kept one
     * is the very same, {@code planned} itself is answered (nothing to read back).
     */
    Optional<Spec> convergedAt(String cluster, long revision, Spec planned);

    /**
     * The cluster's state at {@code revision} is the converged result of {@code spec} (a plan
     * applied in full, or an empty plan). Kept when the backend can tie it to that revision;
     * ignored otherwise.
     */
    void converged(String cluster, long revision, Spec spec);

    /**
     * As {@link #converged(String, long, Spec)}, with the placement nodes of that state ({@code
     * nodes}: a compact record, {@link dev.gpushare.engine.placement.Bookkeeping#storedNodes}, asked
     * for only when the backend writes; may give null) to keep with it at the same revision, so that
     * a fresh process does not work them out again from every copy ({@link #nodesAt}). Backends that
     * do not keep them ignore the nodes.
     */
    default void converged(String cluster, long revision, Spec spec, java.util.function.Supplier<byte[]> nodes) {
        converged(cluster, revision, spec);
    }

    /**
     * The placement nodes kept with the cluster's converged state at exactly {@code revision}, when
     * there are (losing them only costs speed: they are then worked out again).
     */
    default Optional<byte[]> nodesAt(String cluster, long revision) {
        return Optional.empty();
    }
}
