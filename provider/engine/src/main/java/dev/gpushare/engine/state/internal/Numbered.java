package dev.gpushare.engine.state.internal;

/** The text form {@code NAME<sep>N} shared by task and instance ids. */
public final class Numbered {
    /** Longest N: nine digits, as the apply-time check allows. */
    private static final int MAX_DIGITS = 9;

    private Numbered() {}

    /**
     * The position of the separator before a number N written without leading zeros, with a
     * non-empty name before it; -1 when {@code text} is not of that form.
     */
    public static int split(String text, char sep) {
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
    public static int ordinal(String text, int from) {
        int n = 0;
        for (int i = from; i < text.length(); i++) n = n * 10 + (text.charAt(i) - '0');
        return n;
    }
}
