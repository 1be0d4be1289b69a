package dev.gpushare.engine.render.internal;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Colours of the fleet picture. A service or model keeps its colour from picture to picture
 * because the colour comes from its name alone (a hash), never from its position in a list.
 */
public final class Palette {
    /** Average width of one label character at the 11 px label font, in px (for fitting labels). */
    public static final double CHAR_WIDTH_PX = 6.3;

    private Palette() {}

    /** A light, saturated fill for allocations of {@code name}, as {@code #rrggbb}. */
    public static String fill(String name) {
        long h = fnv1a(name);
        double hue = h % 360;
        // Two lightness bands double the number of tellable-apart colours.
        double lightness = ((h >>> 9) & 1) == 0 ? 0.66 : 0.76;
        return hsl(hue, 0.62, lightness);
    }

    /** The service or component of a task id {@code SERVICE/N}. */
    public static String owner(String task) {
        int slash = task.lastIndexOf('/');
        return slash < 0 ? task : task.substring(0, slash);
    }

    static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        return h & Long.MAX_VALUE;
    }

    static String hsl(double hue, double s, double l) {
        double c = (1 - Math.abs(2 * l - 1)) * s;
        double hp = hue / 60.0;
        double x = c * (1 - Math.abs(hp % 2 - 1));
        double r = 0, g = 0, b = 0;
        if (hp < 1) { r = c; g = x; }
        else if (hp < 2) { r = x; g = c; }
        else if (hp < 3) { g = c; b = x; }
        else if (hp < 4) { g = x; b = c; }
        else if (hp < 5) { r = x; b = c; }
        else { r = c; b = x; }
        double m = l - c / 2;
        return String.format(Locale.ROOT, "#%02x%02x%02x",
                Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255));
    }
}
