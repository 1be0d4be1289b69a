package dev.gpushare.engine.validate.internal;

import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Stable problem order: file (none first), then path in document order ({@code /services/2} before
 * {@code /services/10}), then code, then message.
 */
public final class ProblemOrder {
    private ProblemOrder() {}

    public static final Comparator<Problem> ORDER = Comparator
            .comparing(Problem::file, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing(Problem::path, JsonPointers.ORDER)
            .thenComparing(p -> p.code().name())
            .thenComparing(Problem::message);

    /**
     * Sorted, with one problem per (file, path, code): the same fact found by two layers (the
     * reader and a rule) or through two services is reported once, the first report kept.
     */
    public static List<Problem> sortedDistinct(List<Problem> problems) {
        Map<List<String>, Problem> seen = new LinkedHashMap<>();
        for (Problem p : problems) {
            seen.putIfAbsent(java.util.Arrays.asList(Objects.toString(p.file(), ""), p.path(), p.code().name()), p);
        }
        List<Problem> out = new ArrayList<>(seen.values());
        out.sort(ORDER);
        return out;
    }
}
