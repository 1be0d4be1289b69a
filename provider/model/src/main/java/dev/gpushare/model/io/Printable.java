package dev.gpushare.model.io;

/**
 * Text made safe to print on a terminal: control characters (C0, DEL, C1) and the bidirectional
 * overrides are written as {@code \u001B}-style escapes, so a name, reason or message that came
 * from a file, a state store or a request cannot move the cursor, recolour the terminal or reorder
 * what is shown. Used at the rendering edges (text output, messages); JSON output escapes by itself.
 */
public final class Printable {
    private Printable() {}

    /** One line: every control character escaped, line breaks and tabs included. */
    public static String line(String s) {
        return escape(s, false);
    }

    /** A document of lines: line breaks and tabs kept, every other control character escaped. */
    public static String text(String s) {
        return escape(s, true);
    }

    /** True when {@link #line} would change nothing. */
    public static boolean isLine(String s) {
        for (int i = 0; i < s.length(); i++) if (unsafe(s.charAt(i), false)) return false;
        return true;
    }

    private static String escape(String s, boolean keepLines) {
        if (s == null) return null;
        int first = -1;
        for (int i = 0; i < s.length(); i++) {
            if (unsafe(s.charAt(i), keepLines)) {
                first = i;
                break;
            }
        }
        if (first < 0) return s;
        StringBuilder sb = new StringBuilder(s.length() + 16).append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!unsafe(c, keepLines)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append(String.format("\\u%04X", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean unsafe(char c, boolean keepLines) {
        if (keepLines && (c == '\n' || c == '\t')) return false;
        return c < 0x20 || (c >= 0x7F && c <= 0x9F)
                || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F;
    }
}
