package dev.gpushare.engine.plan;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.plan.internal.Diff;
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
        Spec spec = resolved.spec();
        FleetState current = actual.state();
        Set<InstanceId> toReplace = ReplacementPolicy.choose(current);
        Catalog catalog = resolved.catalog();
        FleetState desired = Placer.place(resolved, current, toReplace);
        if (actual.supply() != null) desired = SupplyLimit.apply(desired, current, actual.supply());
        desired = WithinLimits.apply(spec, current, desired);
        Map<String, InstanceTypeDef> declaredTypes = new TreeMap<>();
        for (InstanceTypeDef d : spec.instanceTypes()) {
            if (catalog.instanceType(d.name()).map(t -> !t.builtIn()).orElse(false)) declaredTypes.put(d.name(), d);
        }
        List<Action> actions = Diff.between(actual, desired, declaredLayouts(spec, desired), declaredTypes);
        return new Plan(spec.cluster(), actual.revision(), actions, desired, specHash(spec), spec);
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
