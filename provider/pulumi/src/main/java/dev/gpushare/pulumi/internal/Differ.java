package dev.gpushare.pulumi.internal;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import pulumirpc.Provider.PropertyDiff;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code Diff}: compares old and new inputs property by property and decides replacement itself
 * (the Java SDK ignores {@code replaceOnChanges}): see {@link Kind#replacesOn}. A new value that is
 * unknown counts as a change. Ignored properties ({@code ignoreChanges}) count as unchanged.
 */
public final class Differ {
    private Differ() {}

    /** Changed top-level property → how; empty when nothing changed. Ordered by property. */
    public static Map<String, PropertyDiff.Kind> diff(Kind kind, ObjectNode olds, ObjectNode news, Set<String> ignore) {
        Set<String> names = new TreeSet<>();
        olds.propertyNames().forEach(names::add);
        news.propertyNames().forEach(names::add);
        names.removeAll(Views.outputNames(kind));
        Map<String, PropertyDiff.Kind> out = new TreeMap<>();
        for (String n : names) {
            if (ignore.contains(n)) continue;
            JsonNode o = olds.get(n);
            JsonNode v = news.get(n);
            boolean absentOld = o == null || o.isNull();
            boolean absentNew = v == null || v.isNull();
            if (absentOld && absentNew) continue;
            if (!Wire.containsUnknown(v == null ? o : v) && Objects.equals(o, v)) continue;
            boolean replace = kind.replacesOn(n);
            PropertyDiff.Kind k;
            if (absentOld) k = replace ? PropertyDiff.Kind.ADD_REPLACE : PropertyDiff.Kind.ADD;
            else if (absentNew) k = replace ? PropertyDiff.Kind.DELETE_REPLACE : PropertyDiff.Kind.DELETE;
            else k = replace ? PropertyDiff.Kind.UPDATE_REPLACE : PropertyDiff.Kind.UPDATE;
            out.put(n, k);
        }
        return out;
    }

    public static boolean replaces(PropertyDiff.Kind k) {
        return k == PropertyDiff.Kind.ADD_REPLACE || k == PropertyDiff.Kind.DELETE_REPLACE
                || k == PropertyDiff.Kind.UPDATE_REPLACE;
    }
}
