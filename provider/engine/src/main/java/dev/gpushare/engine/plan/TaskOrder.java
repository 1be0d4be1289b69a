package dev.gpushare.engine.plan;

import java.util.Comparator;

/**
 * Orders task ids {@code NAME/N} by name, then N as a number ({@code a/2} before {@code a/10}), so
 * plans list copies the way people count them.
 */
public final class TaskOrder {
    public static final Comparator<String> TASKS = TaskOrder::compare;

    private TaskOrder() {}

    public static int compare(String a, String b) {
        int sa = a.lastIndexOf('/'), sb = b.lastIndexOf('/');
        if (sa < 0 || sb < 0) return a.compareTo(b);
        // no substrings: this runs for every pair when 50,000 copies are sorted
        int c = compareRange(a, 0, sa, b, 0, sb);
        if (c != 0) return c;
        int la = a.length() - sa - 1, lb = b.length() - sb - 1;
        if (la != lb && isDigits(a, sa + 1) && isDigits(b, sb + 1)) return Integer.compare(la, lb);
        return compareRange(a, sa + 1, a.length(), b, sb + 1, b.length());
    }

    /** {@code a[fromA, toA)} against {@code b[fromB, toB)} as {@link String#compareTo} would. */
    private static int compareRange(String a, int fromA, int toA, String b, int fromB, int toB) {
        int n = Math.min(toA - fromA, toB - fromB);
        for (int i = 0; i < n; i++) {
            int d = a.charAt(fromA + i) - b.charAt(fromB + i);
            if (d != 0) return d;
        }
        return (toA - fromA) - (toB - fromB);
    }

    private static boolean isDigits(String s, int from) {
        if (from >= s.length()) return false;
        for (int i = from; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }
}
