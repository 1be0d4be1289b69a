package dev.gpushare.engine.validate.internal;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean …?" for misspelt property names: the closest allowed name, if close enough. */
public final class SchemaSuggestions {
    private SchemaSuggestions() {}

    /**
     * The allowed name nearest to {@code given} by Damerau–Levenshtein distance (optimal string
     * alignment, case-insensitive), if within a tolerance that grows with the name's length;
     * ties go to the alphabetically first name.
     */
    public static Optional<String> closest(String given, Collection<String> allowed) {
        String g = given.toLowerCase(Locale.ROOT);
        return allowed.stream()
                .filter(a -> distance(g, a.toLowerCase(Locale.ROOT)) <= tolerance(a))
                .min(Comparator.<String>comparingInt(a -> distance(g, a.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()));
    }

    // Short names tolerate one edit, so that "foo" does not become "cpu".
    private static int tolerance(String name) {
        return name.length() <= 4 ? 1 : name.length() <= 8 ? 2 : 3;
    }

    /** Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
            }
        }
        return d[a.length()][b.length()];
    }
}
