package dev.gpushare.server.internal.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;

/** A request's header fields, names compared without case, values in the order received. */
public final class Headers {
    private final Map<String, List<String>> fields = new TreeMap<>();

    static Headers of(HttpFields from) {
        Headers h = new Headers();
        for (HttpField f : from) h.add(f.getName(), f.getValue() == null ? "" : f.getValue());
        return h;
    }

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
