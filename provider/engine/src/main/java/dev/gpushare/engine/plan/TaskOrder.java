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
        int c = a.substring(0, sa).compareTo(b.substring(0, sb));
        if (c != 0) return c;
        String na = a.substring(sa + 1), nb = b.substring(sb + 1);
        if (na.length() != nb.length() && isDigits(na) && isDigits(nb)) return Integer.compare(na.length(), nb.length());
        return na.compareTo(nb);
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }
}
