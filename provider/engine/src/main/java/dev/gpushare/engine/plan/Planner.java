package dev.gpushare.engine.plan;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.placement.ChangeSet;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.placement.Bookkeeping;
import dev.gpushare.engine.plan.internal.Diff;
import dev.gpushare.engine.plan.internal.Waves;
import dev.gpushare.engine.plan.internal.WithinLimits;
import dev.gpushare.engine.plan.internal.SupplyLimit;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.Spec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Computes a plan: the placement engine's stable placement from the actual state, then a pure diff.
 * No side effects; the spec is assumed valid.
 */
public final class Planner {
    private Planner() {}

    public static Plan plan(ResolvedSpec resolved, Snapshot actual) {
        return make(resolved, actual, null, null, false).plan();
    }

    /**
     * The plan of {@link #plan}, made through the change-set path when {@code baseline} holds for
     * {@code actual} (same cluster, the revision it was recorded at): placement and diff then touch
     * only what changed between the baseline's spec and this one ({@link ChangeSet}); otherwise the
     * full path. Either way the plan is the one {@link #plan} gives, byte for byte; the result also
     * carries what the next baseline is made of ({@link Replan#after}).
     *
     * @param baseline the last converged spec and revision of the cluster, or null
     */
    public static Replan replan(ResolvedSpec resolved, Snapshot actual, Baseline baseline) {
        // a baseline is used only while nothing changed under it (revision, instances, health, copies)
        if (baseline == null || !baseline.cluster().equals(resolved.spec().cluster()) || !baseline.holdsFor(actual)) {
            return make(resolved, actual, null, null, true);
        }
        ChangeSet changes = ChangeSet.between(baseline.spec(), resolved.spec());
        return changes.everything() ? make(resolved, actual, null, null, true) : make(resolved, actual, changes, baseline.memo(), true);
    }

    /** {@link #replan} with a change set given by the caller (tests: a wrong one must show). */
    static Replan replan(ResolvedSpec resolved, Snapshot actual, Baseline baseline, ChangeSet changes) {
        return make(resolved, actual, changes, baseline.memo(), true);
    }

    private static Replan make(ResolvedSpec resolved, Snapshot actual, ChangeSet changes, Bookkeeping before, boolean record) {
        Spec spec = resolved.spec();
        FleetState current = actual.state();
        Set<InstanceId> toReplace = ReplacementPolicy.choose(current);
        Catalog catalog = resolved.catalog();
        FleetState placed;
        Bookkeeping memo = Bookkeeping.NONE;
        if (record) {
            Placer.Placed p = Placer.placeRecorded(resolved, current, toReplace, changes, before);
            placed = p.desired();
            memo = p.memo();
        } else {
            placed = Placer.place(resolved, current, toReplace);
        }
        FleetState desired = placed;
        if (actual.supply() != null) desired = SupplyLimit.apply(desired, current, actual.supply());
        desired = WithinLimits.apply(spec, current, desired);
        if (desired != placed) memo = Bookkeeping.NONE; // instances dropped or renamed: the bookkeeping no longer describes them
        Map<String, InstanceTypeDef> declaredTypes = new TreeMap<>();
        for (InstanceTypeDef d : spec.instanceTypes()) {
            if (catalog.instanceType(d.name()).map(t -> !t.builtIn()).orElse(false)) declaredTypes.put(d.name(), d);
        }
        Map<InstanceId, List<String>> layouts = declaredLayouts(spec, desired);
        dev.gpushare.engine.placement.Admission admission = dev.gpushare.engine.placement.Admission.of(resolved);
        List<Action> actions = changes == null ? Diff.between(actual, desired, layouts, declaredTypes, admission)
                : Diff.betweenChanged(actual, desired, layouts, declaredTypes, admission);
        Waves.Result waves = Waves.order(current, actions, resolved, admission, actual.rollouts());
        if (waves.refold()) {
            // a refused rollout leaves its copies as they run, a relocated copy runs elsewhere than
            // placement said: the desired state is what the actions lead to
            FleetState folded = StateFold.apply(current, waves.actions());
            List<dev.gpushare.engine.state.Unplaced> unplaced = new ArrayList<>(desired.unplaced());
            unplaced.addAll(waves.refused());
            unplaced.sort(java.util.Comparator.comparing(dev.gpushare.engine.state.Unplaced::task));
            desired = new FleetState(desired.cluster(), folded.instances(), unplaced);
            memo = Bookkeeping.NONE;
        }
        // the spec hash (null) is worked out by the plan when asked for: a plan printed as text never is
        return new Replan(new Plan(spec.cluster(), actual.revision(), waves.actions(), desired, null, spec,
                waves.waves(), waves.rollouts()), memo, changes, current);
    }

    /** Per endpoint instance of {@code desired}, its endpoint's layout as written (without {@code mig-}). */
    static Map<InstanceId, List<String>> declaredLayouts(Spec spec, FleetState desired) {
        Map<String, List<String>> byEndpoint = new TreeMap<>();
        for (Endpoint e : spec.endpoints()) {
            if (e.partitionLayout() == null) continue;
            List<String> names = new ArrayList<>();
            for (String p : e.partitionLayout()) names.add(MigProfile.normalize(p));
            byEndpoint.put(e.name(), List.copyOf(names));
        }
        Map<InstanceId, List<String>> out = new TreeMap<>();
        for (Instance i : desired.instances()) {
            if (i.owner() instanceof Owner.Endpoint e && byEndpoint.containsKey(e.name())) out.put(i.id(), byEndpoint.get(e.name()));
        }
        return out;
    }

    /**
     * SHA-256 (hex) of the spec's record form: records print every field in declaration order,
     * so equal specs hash equally whichever front door built them.
     */
    public static String specHash(Spec spec) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(spec.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
