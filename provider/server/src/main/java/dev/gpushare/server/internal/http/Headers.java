package dev.gpushare.server.internal.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** A request's header fields, names compared without case, values in the order received. */
public final class Headers {
    private final Map<String, List<String>> fields = new TreeMap<>();

    void add(String name, String value) {
        fields.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(value);
    }

    /** The first value of {@code name}, or null. */
    public String first(String name) {
        List<String> v = fields.get(name.toLowerCase(Locale.ROOT));
        return v == null || v.isEmpty() ? null : v.getFirst();
    }

    public List<String> all(String name) {
        return Collections.unmodifiableList(fields.getOrDefault(name.toLowerCase(Locale.ROOT), List.of()));
    }
}
