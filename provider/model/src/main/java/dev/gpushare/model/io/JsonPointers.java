package dev.gpushare.model.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * JSON Pointers (RFC 6901) as plain strings: the form every {@code Problem.path} takes.
 * {@code ""} is the whole document.
 */
public final class JsonPointers {
    private JsonPointers() {}

    /** {@code base} extended by one property name, escaped ({@code ~} → {@code ~0}, {@code /} → {@code ~1}). */
    public static String append(String base, String property) {
        return base + "/" + property.replace("~", "~0").replace("/", "~1");
    }

    /** {@code base} extended by one array index. */
    public static String append(String base, int index) {
        return base + "/" + index;
    }

    /** The unescaped reference tokens of a pointer; {@code ""} has none. */
    public static List<String> tokens(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer.isEmpty()) return out;
        if (!pointer.startsWith("/")) throw new IllegalArgumentException("not a JSON Pointer: " + pointer);
        for (String raw : pointer.substring(1).split("/", -1)) {
            out.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }

    /** Joins unescaped tokens into a pointer. */
    public static String of(List<String> tokens) {
        String p = "";
        for (String t : tokens) p = append(p, t);
        return p;
    }

    /** The pointer one level up; {@code ""} for {@code ""} and for top-level members. */
    public static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    /**
     * Document order for pointers into the same document: token by token, array indexes
     * numerically ({@code /services/2} before {@code /services/10}), a parent before its children.
     */
    public static final Comparator<String> ORDER = (a, b) -> {
        List<String> ta = tokens(a);
        List<String> tb = tokens(b);
        for (int i = 0; i < Math.min(ta.size(), tb.size()); i++) {
            int c = compareToken(ta.get(i), tb.get(i));
            if (c != 0) return c;
        }
        return Integer.compare(ta.size(), tb.size());
    };

    private static int compareToken(String a, String b) {
        boolean na = isIndex(a);
        boolean nb = isIndex(b);
        if (na && nb) {
            int c = Integer.compare(a.length(), b.length());
            return c != 0 ? c : a.compareTo(b);
        }
        if (na != nb) return na ? -1 : 1;
        return a.compareTo(b);
    }

    /** True for an array-index token: digits without a leading zero (or {@code 0} itself). */
    public static boolean isIndex(String token) {
        if (token.isEmpty() || token.length() > 9) return false;
        if (token.length() > 1 && token.charAt(0) == '0') return false;
        for (int i = 0; i < token.length(); i++) {
            if (!Character.isDigit(token.charAt(i))) return false;
        }
        return true;
    }
}
