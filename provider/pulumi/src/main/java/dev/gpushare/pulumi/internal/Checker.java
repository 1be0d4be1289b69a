package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.pulumi.internal.cluster.ClusterDocument;
import dev.gpushare.pulumi.internal.cluster.Neighbours;
import dev.gpushare.pulumi.internal.kind.Failure;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code Check}: the resource's fragment, merged with the other declared resources of its cluster,
 * goes through the same validation as {@code gpushare validate}; the problems inside this
 * resource's fragment come back on the property they concern ({@code /services/2/desiredCount} →
 * {@code desiredCount}, {@code /taskDefinitions/0/containers/1/gpu} → {@code containers[1].gpu}).
 * References the kind leaves for later ({@link ResourceKind#notYet()}) are not failures.
 */
public final class Checker {
    private Checker() {}

    /** Every failure of {@code inputs} (no unknowns) among {@code declared} (the cluster's other fragments). */
    public static List<Failure> check(ResourceKind kind, ObjectNode inputs, SortedMap<String, ObjectNode> declared) {
        List<Failure> out = new ArrayList<>();
        JsonNode cluster = inputs.get(ResourceKind.CLUSTER);
        if (cluster == null || !cluster.isString() || cluster.stringValue().isEmpty()) {
            out.add(new Failure(ResourceKind.CLUSTER, "missing required property cluster: name the cluster this "
                    + kind.typeName() + " belongs to (e.g. inference-prod)"));
        }
        JsonNode name = inputs.get(kind.nameProperty());
        if (name == null || !name.isString() || name.stringValue().isEmpty()) {
            out.add(new Failure(kind.nameProperty(), "missing required property " + kind.nameProperty()
                    + ": give the " + kind.typeName() + " its name in the cluster"));
        }
        if (!out.isEmpty()) return out;

        String key = kind.key(name.stringValue());
        SortedMap<String, ObjectNode> merged = new TreeMap<>(declared);
        merged.put(key, kind.fragment(inputs));
        // the resource and its neighbours: what its problems can come from (the cost of one resource, not the cluster's)
        ClusterDocument doc = ClusterDocument.of(cluster.stringValue(), Neighbours.of(merged, key), false);
        for (Problem p : Pipeline.check("pulumi", doc.tree()).problems()) {
            if (kind.notYet().contains(p.code())) continue;
            if (p.path().equals("/cluster")) {
                out.add(new Failure(ResourceKind.CLUSTER, p.message() + " (" + p.code() + ")"));
                continue;
            }
            Map.Entry<String, String> owner = doc.owner(p.path());
            if (owner == null || !owner.getKey().equals(key)) continue; // another resource's problem
            out.add(new Failure(propertyPath(owner.getValue()), p.message() + " (" + p.code() + ")"));
        }
        out.addAll(kind.checkAgainst(inputs, declared));
        return out;
    }

    /** {@code /containers/0/gpu} → {@code containers[0].gpu}; {@code ""} stays empty. */
    static String propertyPath(String pointer) {
        StringBuilder out = new StringBuilder();
        if (pointer.isEmpty()) return "";
        for (String raw : pointer.substring(1).split("/", -1)) {
            String seg = raw.replace("~1", "/").replace("~0", "~");
            if (!seg.isEmpty() && seg.chars().allMatch(Character::isDigit) && !out.isEmpty()) {
                out.append('[').append(seg).append(']');
            } else {
                if (!out.isEmpty()) out.append('.');
                out.append(seg);
            }
        }
        return out.toString();
    }
}
