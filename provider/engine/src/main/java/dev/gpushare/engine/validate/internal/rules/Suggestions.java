package dev.gpushare.engine.validate.internal.rules;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean" among known names, by edit distance (ties broken by name, so it is stable). */
final class Suggestions {
    private Suggestions() {}

    static Optional<String> closest(String given, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String g = given.toLowerCase(java.util.Locale.ROOT);
        for (String k : known) {
            int d = distance(g, k.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance || (d == bestDistance && best != null && k.compareTo(best) < 0)) {
                best = k;
                bestDistance = d;
            }
        }
        // A third of the name (at least 2 edits) still reads as a typo; more is another name.
        int limit = Math.max(2, given.length() / 3);
        return best != null && bestDistance <= limit ? Optional.of(best) : Optional.empty();
    }

    /** " (did you mean 'x'?)" or "". */
    static String hint(String given, Collection<String> known) {
        return closest(given, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
