package dev.gpushare.pulumi.internal;

import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import pulumirpc.Provider.PropertyDiff;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code Diff}, in two parts.
 *
 * <ul>
 *   <li>Inputs: old and new compared property by property; the kind decides replacement
 *       ({@link ResourceKind#replacesOn}; the Java SDK ignores {@code replaceOnChanges}). A new
 *       value that is unknown counts as a change; {@code ignoreChanges} properties as unchanged.
 *   <li>Outputs: the outputs the engine recorded against those the resource would have now (the
 *       cluster as declared, with this resource's new inputs). Any that differ are changes
 *       ({@code inputDiff} false): the engine then calls Update, which records them afresh — so
 *       a resource whose placement another step, an earlier {@code up}, the CLI or an
 *       out-of-band event changed is brought up to date in the same {@code up}, and a preview
 *       names the outputs that will change.
 * </ul>
 */
public final class Differ {
    private Differ() {}

    /** Changed top-level input → how; empty when nothing changed. */
    public static SortedMap<String, PropertyDiff> inputs(ResourceKind kind, ObjectNode olds, ObjectNode news, Set<String> ignore) {
        Set<String> names = new TreeSet<>();
        olds.propertyNames().forEach(names::add);
        news.propertyNames().forEach(names::add);
        kind.outputNames().forEach(names::remove);
        SortedMap<String, PropertyDiff> out = new TreeMap<>();
        for (String n : names) {
            if (ignore.contains(n)) continue;
            JsonNode o = olds.get(n);
            JsonNode v = news.get(n);
            boolean absentOld = o == null || o.isNull();
            boolean absentNew = v == null || v.isNull();
            if (absentOld && absentNew) continue;
            if (!Wire.containsUnknown(v) && !absentOld && !absentNew && Wire.sameValue(o, v)) continue;
            boolean replace = kind.replacesOn(n);
            PropertyDiff.Kind k;
            if (absentOld) k = replace ? PropertyDiff.Kind.ADD_REPLACE : PropertyDiff.Kind.ADD;
            else if (absentNew) k = replace ? PropertyDiff.Kind.DELETE_REPLACE : PropertyDiff.Kind.DELETE;
            else k = replace ? PropertyDiff.Kind.UPDATE_REPLACE : PropertyDiff.Kind.UPDATE;
            out.put(n, PropertyDiff.newBuilder().setKind(k).setInputDiff(true).build());
        }
        return out;
    }

    /** Output → change, for the outputs whose recorded value differs from {@code expected}. */
    public static SortedMap<String, PropertyDiff> outputs(ResourceKind kind, ObjectNode recorded, ObjectNode expected) {
        SortedMap<String, PropertyDiff> out = new TreeMap<>();
        for (String n : kind.outputNames()) {
            JsonNode was = recorded.get(n);
            JsonNode now = expected.get(n);
            if (was == null && now == null || was != null && now != null && Wire.sameValue(was, now)) continue;
            PropertyDiff.Kind k = was == null ? PropertyDiff.Kind.ADD : now == null ? PropertyDiff.Kind.DELETE : PropertyDiff.Kind.UPDATE;
            out.put(n, PropertyDiff.newBuilder().setKind(k).setInputDiff(false).build());
        }
        return out;
    }

    /**
     * Recorded properties that are neither inputs nor outputs of the kind any more (an output an
     * earlier provider version returned, such as a pool's {@code instances}): reported as deleted,
     * so the engine's Update drops them instead of keeping them, stale, for ever.
     */
    public static SortedMap<String, PropertyDiff> leftovers(ResourceKind kind, ObjectNode recorded, ObjectNode oldInputs, ObjectNode news) {
        SortedMap<String, PropertyDiff> out = new TreeMap<>();
        for (String n : recorded.propertyNames()) {
            if (oldInputs.has(n) || news.has(n) || kind.outputNames().contains(n)) continue;
            out.put(n, PropertyDiff.newBuilder().setKind(PropertyDiff.Kind.DELETE).setInputDiff(false).build());
        }
        return out;
    }

    public static boolean replaces(PropertyDiff d) {
        return switch (d.getKind()) {
            case ADD_REPLACE, DELETE_REPLACE, UPDATE_REPLACE -> true;
            case ADD, DELETE, UPDATE, UNRECOGNIZED -> false;
        };
    }

    /** Both parts together; an input change of a property wins over an output change of the same name. */
    public static SortedMap<String, PropertyDiff> merge(Map<String, PropertyDiff> inputs, Map<String, PropertyDiff> outputs) {
        SortedMap<String, PropertyDiff> all = new TreeMap<>(outputs);
        all.putAll(inputs);
        return all;
    }
}
