package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.converge.Converger;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.validate.SpecLimits;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cluster's declared fragments through the engine's one {@link Pipeline}: merged into one
 * document (a tree), checked as {@code gpushare validate} does, and planned against the backend's
 * snapshot. Nothing here composes stages; it only calls the pipeline's.
 * The last plan of each cluster is kept while neither the fragments nor the snapshot's revision
 * change, so the Diffs of a settled cluster (one per resource per {@code pulumi up}) plan once.
 */
final class Convergence {
    /** At most this many unplaced copies are named one by one in the reasons; the rest are counted. */
    private static final int NAMED_UNPLACED = 3;

    /**
     * A cluster's fragments, validated and planned. {@code plan} is null when the spec is invalid;
     * {@code replan} is the plan with what the cluster's next baseline is made of (null likewise).
     */
    record Prepared(Spec spec, Plan plan, List<String> problems, Map<String, String> dangling, Replan replan) {}

    /**
     * The engine's one loop over the backend open now ({@link #use}): it keeps, per cluster, the
     * spec and state it was last converged to (an apply in full, or an empty plan), so the next
     * plan from that revision follows the change, with the same result; a new process starts from
     * what the backend kept of it (the local backend: the spec of its last converged apply).
     */
    private Converger converger;

    private record CacheKey(String cluster, long revision, SortedMap<String, ?> fragments) {}

    private CacheKey lastKey;
    private Prepared last;

    /**
     * The last valid spec of each cluster with the fragments it was bound from (those not left
     * waiting): the next check validates only what changed and its {@link Neighbours}, and
     * splices the result into it ({@link Splice}).
     */
    private record Checkpoint(SortedMap<String, ObjectNode> kept, Spec spec) {}

    private final Map<String, Checkpoint> checkpoints = new HashMap<>();
    /** More changed fragments than this at once: the whole document is checked. */
    private static final int SPLICE_MAX = 16;
    private boolean lastSpliced;

    /** The plan of {@code declared} against {@code actual}; not applied. */
    Prepared prepare(String cluster, SortedMap<String, ObjectNode> declared, Snapshot actual) {
        CacheKey key = new CacheKey(cluster, actual.revision(), new TreeMap<>(declared));
        if (key.equals(lastKey)) return last;
        SortedMap<String, ObjectNode> kept = new TreeMap<>(declared);
        SortedMap<String, String> dangling = ClusterDocument.prune(kept);
        ResolvedSpec spliced = splice(cluster, kept);
        lastSpliced = spliced != null;
        Prepared p;
        if (spliced != null) {
            p = planned(cluster, spliced, actual, dangling);
        } else {
            ClusterDocument doc = ClusterDocument.of(cluster, declared);
            p = switch (Pipeline.check("cluster " + cluster, doc.tree())) {
                case Checked.Invalid invalid -> {
                    checkpoints.remove(cluster);
                    List<String> problems = new ArrayList<>();
                    for (Problem problem : invalid.problems()) problems.add(describe(doc, problem));
                    yield new Prepared(invalid.partial(), null, problems, doc.dangling(), null);
                }
                case Checked.Valid valid -> planned(cluster, valid.spec(), actual, doc.dangling());
            };
        }
        if (p.plan() != null) checkpoints.put(cluster, new Checkpoint(kept, p.spec()));
        lastKey = key;
        last = p;
        return p;
    }

    private Prepared planned(String cluster, ResolvedSpec spec, Snapshot actual, Map<String, String> dangling) {
        Replan r = converger.plan(spec, actual);
        return new Prepared(spec.spec(), r.plan(), List.of(), dangling, r);
    }

    /** Plans and applies through {@code backend}, the one open now (a new one, after a failure, starts a new loop). */
    void use(Backend backend) {
        if (converger == null || converger.backend() != backend) converger = new Converger(backend);
    }

    /**
     * The spec of {@code kept} from the cluster's checkpoint, when the few fragments that changed
     * since and their neighbours check without a problem and the whole stays within the size
     * limits; null otherwise (then the whole document is checked, and its problems reported).
     */
    private ResolvedSpec splice(String cluster, SortedMap<String, ObjectNode> kept) {
        Checkpoint cp = checkpoints.get(cluster);
        if (cp == null) return null;
        Set<String> changed = new TreeSet<>();
        for (Map.Entry<String, ObjectNode> e : kept.entrySet()) {
            ObjectNode was = cp.kept().get(e.getKey());
            if (was != e.getValue() && (was == null || !was.equals(e.getValue()))) changed.add(e.getKey());
            if (changed.size() > SPLICE_MAX) return null;
        }
        for (String k : cp.kept().keySet()) if (!kept.containsKey(k)) changed.add(k);
        if (changed.size() > SPLICE_MAX) return null;
        if (changed.isEmpty()) return ResolvedSpec.of(cp.spec());
        SortedMap<String, ObjectNode> around = new TreeMap<>();
        for (String k : changed) {
            around.putAll(Neighbours.of(kept, k));
            // what a removed or changed fragment was next to is checked without it
            for (String n : Neighbours.of(cp.kept(), k).keySet()) if (kept.containsKey(n)) around.put(n, kept.get(n));
        }
        Spec fresh;
        if (around.isEmpty()) {
            fresh = cp.spec(); // only removals of what nothing remaining was next to: nothing new to bind
        } else {
            Checked checked = Pipeline.check("cluster " + cluster, ClusterDocument.of(cluster, around, false).tree());
            if (!(checked instanceof Checked.Valid v)) return null;
            fresh = v.spec().spec();
        }
        Spec spec = Splice.of(cp.spec(), kept, changed, fresh);
        if (spec == null || !SpecLimits.DEFAULT.check(spec).isEmpty()) return null;
        return ResolvedSpec.of(spec);
    }

    /** Applies {@code p}'s plan; the loop keeps the baseline of the state it left, or none when it did not commit in full. */
    ApplyOutcome apply(Prepared p) {
        return converger.apply(p.replan(), ApplyListener.NONE);
    }

    /** The cluster was destroyed: its baseline is forgotten. */
    void destroyed(String cluster) {
        converger.forget(cluster);
    }

    /** True when the cluster has a baseline (tests). */
    boolean hasBaseline(String cluster) {
        return converger != null && converger.baseline(cluster).isPresent();
    }

    /** The latest prepared plan (tests). */
    Prepared lastPrepared() {
        return last;
    }

    /** True when the latest check was spliced from the cluster's checkpoint (tests). */
    boolean lastSpliced() {
        return lastSpliced;
    }

    /** True when the latest plan made here followed the change from a baseline (tests). */
    boolean lastFollowedChange() {
        return last != null && last.replan() != null && last.replan().changeSetPath();
    }

    /** What {@code p} means for resource {@code key}, with the cluster's state afterwards. */
    static Outcome outcome(Prepared p, String key, FleetState after) {
        List<String> reasons = new ArrayList<>();
        String dangling = p.dangling().get(key);
        if (dangling != null) reasons.add(key + " is waiting: " + dangling);
        reasons.addAll(p.problems());
        if (p.plan() == null) return new Outcome(p.spec(), after, reasons, false);
        addUnplaced(reasons, after, key);
        return new Outcome(p.spec(), after, reasons, dangling == null);
    }

    private static String describe(ClusterDocument doc, Problem p) {
        Map.Entry<String, String> owner = doc.owner(p.path());
        String where = owner == null ? p.path() : owner.getKey() + (owner.getValue().isEmpty() ? "" : " " + owner.getValue());
        return p.code() + " at " + where + ": " + p.message();
    }

    private static void addUnplaced(List<String> reasons, FleetState desired, String key) {
        if (!key.startsWith("services/") && !key.startsWith("inferenceComponents/")) return; // only these have copies
        String name = key.substring(key.indexOf('/') + 1);
        List<Unplaced> mine = desired.unplaced().stream().filter(u -> u.task().group().equals(name)).toList();
        for (Unplaced u : mine.subList(0, Math.min(NAMED_UNPLACED, mine.size()))) {
            reasons.add("copy " + u.task() + " not placed (" + u.code() + "): " + u.message());
        }
        if (mine.size() > NAMED_UNPLACED) {
            reasons.add((mine.size() - NAMED_UNPLACED) + " more copies not placed (see the unplaced output)");
        }
    }
}
