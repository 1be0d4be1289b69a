package dev.gpushare.engine.render.internal;

/** Escaping for text and attribute values, so that names from a spec cannot break the markup. */
public final class Xml {
    private Xml() {}

    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    // XML 1.0 forbids most control characters even when escaped.
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') sb.append('?');
                    else sb.append(c);
                }
            }
        }
        return sb.toString();
    }

    /** The first of {@code texts} (longest first) that fits, else the last one shortened. */
    public static String fitFirst(java.util.List<String> texts, double widthPx) {
        for (String t : texts) {
            if (t.length() * Palette.CHAR_WIDTH_PX <= widthPx) return t;
        }
        return fit(texts.get(texts.size() - 1), widthPx);
    }

    /** Shortens {@code text} to about {@code widthPx} at the drawing's label font, or "" when nothing fits. */
    public static String fit(String text, double widthPx) {
        int max = (int) Math.floor(widthPx / Palette.CHAR_WIDTH_PX);
        if (text.length() <= max) return text;
        if (max < 3) return "";
        return text.substring(0, max - 1) + "…";
    }
}
