package dev.gpushare.engine.state.internal;

/**
 * What task and instance ids share: the text form {@code NAME<sep>N} (a name, a separator, a number
 * N from 0; an id read from outside that is not of that form keeps its text as the name with
 * ordinal -1) and the one order, by name, then by number as people count.
 */
public final class Numbered {
    /** Longest N: nine digits, as the apply-time check allows. */
    private static final int MAX_DIGITS = 9;

    private Numbered() {}

    /** Makes an id of a name and an ordinal. */
    public interface Maker<T> {
        T make(String name, int ordinal);
    }

    /** Throws when {@code ordinal} is below -1 (-1: an id kept as the text it was read from). */
    public static void checkOrdinal(int ordinal) {
        if (ordinal < -1) throw new IllegalArgumentException("ordinal " + ordinal + " < -1");
    }

    /** The id written {@code text}: {@code NAME<sep>N}, else {@code (text, -1)}. */
    public static <T> T parse(String text, char sep, Maker<T> id) {
        int at = split(text, sep);
        return at < 0 ? id.make(text, -1) : id.make(text.substring(0, at), ordinal(text, at + 1));
    }

    /** The ids' one order: by name, then by number. */
    public static int compare(String name, int ordinal, String otherName, int otherOrdinal) {
        int c = name.compareTo(otherName);
        return c != 0 ? c : Integer.compare(ordinal, otherOrdinal);
    }

    /** The text form: {@code NAME<sep>N}, or the name alone for an id kept as text. */
    public static String text(String name, char sep, int ordinal) {
        return ordinal < 0 ? name : name + sep + ordinal;
    }

    /**
     * The position of the separator before a number N written without leading zeros, with a
     * non-empty name before it; -1 when {@code text} is not of that form.
     */
    static int split(String text, char sep) {
        int at = text.lastIndexOf(sep);
        if (at <= 0) return -1;
        int digits = text.length() - at - 1;
        if (digits < 1 || digits > MAX_DIGITS) return -1;
        if (digits > 1 && text.charAt(at + 1) == '0') return -1;
        for (int i = at + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') return -1;
        }
        return at;
    }

    /** The number from {@code from} to the end, which {@link #split} found to be one. */
    static int ordinal(String text, int from) {
        int n = 0;
        for (int i = from; i < text.length(); i++) n = n * 10 + (text.charAt(i) - '0');
        return n;
    }
}
