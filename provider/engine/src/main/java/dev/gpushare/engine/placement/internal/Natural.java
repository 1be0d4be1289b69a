package dev.gpushare.engine.placement.internal;

import java.util.Comparator;

/**
 * Orders ids of the form {@code NAME-N} / {@code NAME/N} by name, then by N as a number, so that
 * {@code l4-2} comes before {@code l4-10}.
 */
public final class Natural {
    private Natural() {}

    public static final Comparator<String> IDS = Natural::compare;

    public static int compare(String a, String b) {
        int sa = split(a), sb = split(b);
        int c = a.substring(0, sa).compareTo(b.substring(0, sb));
        if (c != 0) return c;
        long na = number(a, sa), nb = number(b, sb);
        if (na != nb) return Long.compare(na, nb);
        return a.compareTo(b);
    }

    private static int split(String s) {
        int i = s.length();
        while (i > 0 && Character.isDigit(s.charAt(i - 1))) i--;
        return i == s.length() || i == 0 ? s.length() : i;
    }

    private static long number(String s, int from) {
        if (from >= s.length() || s.length() - from > 18) return -1;
        return Long.parseLong(s.substring(from));
    }
}
