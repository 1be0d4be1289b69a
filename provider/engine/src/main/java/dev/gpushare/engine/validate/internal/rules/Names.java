package dev.gpushare.engine.validate.internal.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The names of a spec list: all of them in list order (for a problem's "defined:" list and its
 * suggestion) and each name's index, the first definition winning (a duplicate is reported by
 * {@link UniqueNameRule}).
 */
public record Names(List<String> all, Map<String, Integer> first) {
    static <T> Names of(List<T> entries, Function<T, String> name) {
        List<String> all = new ArrayList<>(entries.size());
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            all.add(name.apply(entries.get(i)));
            first.putIfAbsent(all.get(i), i);
        }
        return new Names(Collections.unmodifiableList(all), first);
    }

    /** The index of the entry named {@code name}; empty when none is. */
    Optional<Integer> index(String name) {
        return Optional.ofNullable(first.get(name));
    }
}
