package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.pulumi.internal.cluster.Clusters;
import dev.gpushare.pulumi.internal.cluster.Outcome;
import dev.gpushare.pulumi.internal.kind.ClusterView;
import dev.gpushare.pulumi.internal.kind.Failure;
import dev.gpushare.pulumi.internal.kind.OutputProperty;
import dev.gpushare.pulumi.internal.kind.PoolFunction;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import pulumirpc.Provider.PropertyDiff;
import tools.jackson.databind.node.ObjectNode;

/**
 * What each resource RPC does, for any kind: every resource is one fragment of its cluster's spec;
 * Create/Update declare it and converge the cluster (plan with the engine, apply), Delete removes
 * it, previews predict without writing, Read reads it back. The kind supplies its inputs, outputs,
 * replacement rule and check mapping; the adapter ({@code GpushareProvider}) the wire.
 */
public final class Lifecycle implements AutoCloseable {
    private final Clusters clusters;
    private final boolean configured;

    /**
     * @param configured false before {@code Configure} (the engine does not configure a provider whose
     *                   config is unknown during a preview): then nothing is predicted
     */
    public Lifecycle(Clusters clusters, boolean configured) {
        this.clusters = clusters;
        this.configured = configured;
    }

    /** Closes the backend the clusters keep open (a new configuration, the end of the process). */
    @Override
    public void close() {
        clusters.close();
    }

    /** The outcome of a Create or Update. {@code reasons} non-empty: declared but not complete (init-failed). */
    public record Applied(ObjectNode properties, List<String> reasons) {}

    /** What Read found: the inputs the fragment stands for and the properties (inputs and outputs). */
    public record Found(ObjectNode inputs, ObjectNode properties) {}

    public List<Failure> check(ResourceKind kind, ObjectNode news) {
        if (Wire.containsUnknown(news)) return List.of(); // judged once known
        String cluster = news.path(ResourceKind.CLUSTER).asString("");
        SortedMap<String, ObjectNode> declared = configured && !cluster.isEmpty()
                ? declaredOrEmpty(cluster) : new TreeMap<>();
        return Checker.check(kind, news, declared);
    }

    private SortedMap<String, ObjectNode> declaredOrEmpty(String cluster) {
        try {
            return clusters.with(s -> s.declaredAndPreviewed(cluster));
        } catch (RuntimeException e) {
            Log.info("check without the declared resources of " + cluster + ": " + e.getMessage());
            return new TreeMap<>();
        }
    }

    /**
     * Input changes, and the outputs whose recorded value is not what the cluster gives the
     * resource now ({@link Differ}).
     */
    public SortedMap<String, PropertyDiff> diff(ResourceKind kind, String rawId, ObjectNode oldInputs, ObjectNode oldOutputs,
                                                ObjectNode news, Set<String> ignore) {
        SortedMap<String, PropertyDiff> inputs = Differ.merge(Differ.inputs(kind, oldInputs, news, ignore),
                Differ.leftovers(kind, oldOutputs, oldInputs, news));
        Optional<ResourceId> id = ResourceId.parse(rawId);
        if (!configured || kind.outputs().isEmpty() || Wire.containsUnknown(news) || id.isEmpty()) return inputs;
        String name = news.path(kind.nameProperty()).asString("");
        String cluster = news.path(ResourceKind.CLUSTER).asString("");
        if (name.isEmpty() || cluster.isEmpty()) return inputs;
        Optional<ObjectNode> expected = clusters.with(s -> {
            Outcome o = s.predict(cluster, kind.key(name), kind.fragment(news));
            return o.placed() ? Optional.of(kind.outputValues(name, news, o.view())) : Optional.<ObjectNode>empty();
        });
        return expected.map(e -> Differ.merge(inputs, Differ.outputs(kind, oldOutputs, e))).orElse(inputs);
    }

    /** Create or Update: in a preview the predicted outputs (unknown where they cannot be known), else declare and converge. */
    public Applied createOrUpdate(ResourceKind kind, ObjectNode inputs, boolean preview) {
        ResourceId id = ResourceId.of(kind, inputs);
        ObjectNode properties = inputs.deepCopy();
        if (preview) {
            if (!configured || Wire.containsUnknown(inputs)) {
                unknownOutputs(kind, properties);
                return new Applied(properties, List.of());
            }
            Outcome o = clusters.with(s -> s.preview(id.cluster(), id.key(), kind.fragment(inputs)));
            if (o.placed()) properties.setAll(kind.outputValues(id.name(), inputs, o.view()));
            else unknownOutputs(kind, properties);
            if (!o.reasons().isEmpty()) Log.info("preview " + id + ": " + String.join("; ", o.reasons()));
            return new Applied(properties, List.of());
        }
        Outcome o = clusters.with(s -> s.declareAndConverge(id.cluster(), id.key(), kind.fragment(inputs)));
        properties.setAll(kind.outputValues(id.name(), inputs, o.view()));
        return new Applied(properties, o.reasons());
    }

    /**
     * Delete: removes the fragment and converges — unless the fragment stored under the key is no
     * longer this resource's (after a create-before-delete replacement it is the new resource's).
     */
    public void delete(ResourceId id, ObjectNode oldInputs) {
        ObjectNode old = oldInputs.deepCopy();
        id.kind().outputNames().forEach(old::remove);
        ObjectNode fragment = id.kind().fragment(old);
        clusters.with(s -> {
            ObjectNode stored = s.declared(id.cluster(), id.key());
            if (stored == null || !Wire.sameValue(stored, fragment)) {
                Log.info("delete " + id + ": the declared fragment belongs to its replacement or is gone; nothing to remove");
                return null;
            }
            Outcome o = s.undeclareAndConverge(id.cluster(), id.key());
            Log.info("delete " + id + ": the cluster now has " + o.state().instances().size() + " instances");
            return null;
        });
    }

    /** Read (refresh, import): the fragment stored for the id and its placement as the backend holds it; empty when gone. */
    public Optional<Found> read(ResourceId id, ObjectNode oldInputs) {
        ResourceKind kind = id.kind();
        return clusters.with(s -> {
            SortedMap<String, ObjectNode> declared = s.declared(id.cluster());
            ObjectNode stored = declared.get(id.key());
            if (stored == null) return Optional.empty();
            ObjectNode inputs = kind.inputs(id.cluster(), stored, oldInputs, declared);
            // what runs comes from the backend; what did not fit is known from a plan only
            Outcome planned = s.predict(id.cluster(), id.key(), stored);
            FleetState actual = s.actual(id.cluster());
            ClusterView view = new ClusterView(planned.spec(), new FleetState(id.cluster(), actual.instances(), planned.state().unplaced()));
            ObjectNode properties = inputs.deepCopy();
            properties.setAll(kind.outputValues(id.name(), inputs, view));
            return Optional.of(new Found(inputs, properties));
        });
    }

    /** What {@code getCapacityProvider} returns, or why it cannot. */
    public record PoolResult(ObjectNode result, List<Failure> failures) {}

    /**
     * {@code getCapacityProvider}: the pool as the backend holds it (in a preview: as this
     * deployment's previews leave it); the services named must be the pool's.
     */
    public PoolResult pool(String cluster, String name, tools.jackson.databind.JsonNode services, boolean preview) {
        return clusters.with(s -> {
            List<Failure> failures = PoolFunction.checkServices(cluster, name, services, s.declaredAndPreviewed(cluster));
            if (!failures.isEmpty()) return new PoolResult(null, failures);
            FleetState state = preview && configured ? s.predictAll(cluster).state() : s.actual(cluster);
            return new PoolResult(PoolFunction.result(cluster, name, state), List.of());
        });
    }

    /** The top-level keys to return as secrets: the secret inputs and the outputs derived from them. */
    public static Set<String> secretKeys(ResourceKind kind, Set<String> secretInputs) {
        Set<String> out = new TreeSet<>(secretInputs);
        for (OutputProperty o : kind.outputs()) if (o.secretGiven(secretInputs)) out.add(o.name());
        return out;
    }

    private static void unknownOutputs(ResourceKind kind, ObjectNode properties) {
        for (String n : kind.outputNames()) properties.put(n, Wire.UNKNOWN);
    }
}
