package dev.gpushare.engine.placement.internal;

import java.util.Comparator;

/**
 * Orders ids of the form {@code NAME-N} / {@code NAME/N} by name, then by N as a number, so that
 * {@code l4-2} comes before {@code l4-10}. Allocation-free: it runs millions of times on large fleets.
 */
public final class Natural {
    private Natural() {}

    public static final Comparator<String> IDS = Natural::compare;

    public static int compare(String a, String b) {
        int sa = split(a), sb = split(b);
        int c = compareRegion(a, 0, sa, b, 0, sb);
        if (c != 0) return c;
        // numeric tails: longer (without leading zeros) is larger, else lexicographic
        int ta = skipZeros(a, sa), tb = skipZeros(b, sb);
        int la = a.length() - ta, lb = b.length() - tb;
        if (la != lb) return Integer.compare(la, lb);
        c = compareRegion(a, ta, a.length(), b, tb, b.length());
        return c != 0 ? c : a.compareTo(b);
    }

    private static int compareRegion(String a, int fa, int ta, String b, int fb, int tb) {
        int n = Math.min(ta - fa, tb - fb);
        for (int i = 0; i < n; i++) {
            char x = a.charAt(fa + i), y = b.charAt(fb + i);
            if (x != y) return x - y;
        }
        return (ta - fa) - (tb - fb);
    }

    /** Start of the trailing digits (the string's length when there are none or it is all digits). */
    private static int split(String s) {
        int i = s.length();
        while (i > 0 && Character.isDigit(s.charAt(i - 1))) i--;
        return i == 0 ? s.length() : i;
    }

    private static int skipZeros(String s, int from) {
        while (from < s.length() - 1 && s.charAt(from) == '0') from++;
        return from;
    }
}
