package dev.gpushare.engine.advise.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Short spellings of MIG layouts for tables. */
final class Layouts {
    private Layouts() {}

    /** {@code [3g.40gb, 1g.10gb ×2]}: profiles in layout order, repeats counted. */
    static String compact(List<String> layout) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String p : layout) counts.merge(p.startsWith("mig-") ? p.substring(4) : p, 1, Integer::sum);
        List<String> parts = new ArrayList<>();
        counts.forEach((p, n) -> parts.add(n == 1 ? p : p + " ×" + n));
        return "[" + String.join(", ", parts) + "]";
    }
}
