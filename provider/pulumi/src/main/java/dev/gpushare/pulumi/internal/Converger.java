package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Merges a cluster's declared fragments into one spec, validates it as {@code gpushare validate}
 * does, plans it with the engine and (unless predicting) applies the plan.
 */
public final class Converger {
    /** Applies refused by a concurrent writer are re-planned this many times. */
    private static final int ATTEMPTS = 5;

    private Converger() {}

    /**
     * @param state   the cluster's state afterwards (predicted, or applied)
     * @param reasons why resource {@code key} is not complete: it names an absent resource, the
     *                merged spec is invalid, or some of its copies did not fit; empty when complete
     * @param placed  false when {@code key} took no part in placement (left out or the spec is invalid)
     */
    public record Result(FleetState state, List<String> reasons, boolean placed) {}

    /** What the cluster would look like with {@code key} set to {@code fragment} ({@code null}: removed). Writes nothing. */
    public static Result predict(Backend backend, String cluster, String key, String fragment) {
        SortedMap<String, String> declared = new TreeMap<>(declaredStore(backend).declared(cluster));
        if (fragment == null) declared.remove(key); else declared.put(key, fragment);
        Snapshot actual = backend.read(cluster);
        Prepared p = prepare(cluster, declared, key, actual);
        if (p.plan == null) return new Result(actual.state(), p.reasons, false);
        return new Result(p.plan.desired(), withUnplaced(p.reasons, p.plan.desired(), key), p.placed);
    }

    /** Plans the declared cluster and applies the plan; the cluster's state afterwards. */
    public static Result converge(Backend backend, String cluster, String key) {
        DeclaredResources store = declaredStore(backend);
        for (int attempt = 1; ; attempt++) {
            SortedMap<String, String> declared = store.declared(cluster);
            Snapshot actual = backend.read(cluster);
            Prepared p = prepare(cluster, declared, key, actual);
            if (p.plan == null) return new Result(actual.state(), p.reasons, false);
            ApplyOutcome outcome = Reconciler.apply(backend, p.plan, ApplyListener.NONE);
            switch (outcome) {
                case ApplyOutcome.Applied a -> {
                    if (declared.isEmpty()) backend.destroy(cluster); // nothing declared: leave no trace
                    return new Result(p.plan.desired(), withUnplaced(p.reasons, p.plan.desired(), key), p.placed);
                }
                case ApplyOutcome.Conflict c -> {
                    if (attempt == ATTEMPTS) throw new IllegalStateException(c.conflict().message());
                }
                // a plan made here from the declared spec: refusing it is a defect, said with its problems
                case ApplyOutcome.Refused r -> throw new IllegalStateException("the apply-time check refused the plan of"
                        + " cluster " + cluster + ": " + r.problems());
            }
        }
    }

    /** The fragment stored for {@code key}, or null. */
    public static String declared(Backend backend, String cluster, String key) {
        return declaredStore(backend).declared(cluster).get(key);
    }

    public static DeclaredResources declaredStore(Backend backend) {
        return backend.declaredResources().orElseThrow(() -> new IllegalStateException("the backend "
                + backend.describe() + " cannot keep declared resources; use the local backend (file:PATH) or the gpushare service"));
    }

    private record Prepared(Plan plan, List<String> reasons, boolean placed) {}

    private static Prepared prepare(String cluster, SortedMap<String, String> declared, String key, Snapshot actual) {
        ClusterDocument doc = ClusterDocument.of(cluster, declared);
        List<String> reasons = new ArrayList<>();
        String dangling = doc.dangling().get(key);
        if (dangling != null) reasons.add(key + " is waiting: " + dangling);
        return switch (Pipeline.check("cluster " + cluster, doc.text())) {
            case Checked.Invalid invalid -> {
                for (Problem p : invalid.problems()) reasons.add(describe(doc, p));
                yield new Prepared(null, reasons, false);
            }
            case Checked.Valid valid -> new Prepared(Pipeline.plan(valid.spec(), actual), reasons, dangling == null);
        };
    }

    private static String describe(ClusterDocument doc, Problem p) {
        Map.Entry<String, String> owner = doc.owner(p.path());
        String where = owner == null ? p.path() : owner.getKey() + (owner.getValue().isEmpty() ? "" : " " + owner.getValue());
        return p.code() + " at " + where + ": " + p.message();
    }

    /** At most this many unplaced copies are named one by one; the rest are counted. */
    private static final int NAMED_UNPLACED = 3;

    private static List<String> withUnplaced(List<String> reasons, FleetState desired, String key) {
        List<String> out = new ArrayList<>(reasons);
        if (!key.startsWith(Kind.SERVICE.section() + "/") && !key.startsWith(Kind.INFERENCE_COMPONENT.section() + "/")) {
            return List.copyOf(out); // only services and components have copies
        }
        String name = key.substring(key.indexOf('/') + 1);
        List<Unplaced> mine = desired.unplaced().stream().filter(u -> u.task().startsWith(name + "/")).toList();
        for (Unplaced u : mine.subList(0, Math.min(NAMED_UNPLACED, mine.size()))) {
            out.add("copy " + u.task() + " not placed (" + u.code() + "): " + u.message());
        }
        if (mine.size() > NAMED_UNPLACED) {
            out.add((mine.size() - NAMED_UNPLACED) + " more copies not placed (see the unplaced output)");
        }
        return List.copyOf(out);
    }
}
