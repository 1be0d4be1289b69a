package dev.gpushare.engine.render.internal;

import dev.gpushare.engine.state.TaskId;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Colours of the fleet picture. A service or model keeps its colour from picture to picture
 * because the colour comes from its name alone (a hash), never from its position in a list.
 */
public final class Palette {
    /** Average width of one label character at the 11 px label font, in px (for fitting labels). */
    public static final double CHAR_WIDTH_PX = 6.3;

    private Palette() {}

    /**
     * Twenty fills that tell apart at a glance and keep dark label text readable; none is white
     * or grey, which mean free and idle in the picture.
     */
    static final List<String> FILLS = List.of(
            "#7fb3e6", "#f2a65a", "#8cc97a", "#e88a8a", "#b69ee0", "#f2d35e", "#5fc4b8", "#d9a07a",
            "#f49ac1", "#a7c957", "#9fa8f0", "#e3b04b", "#6fd0e0", "#c98bb9", "#b5d99c", "#f7b267",
            "#88b4a8", "#e07a5f", "#a0c4ff", "#d4c685");

    /**
     * The fill of every name: each name's own colour (by hash) unless a name before it in sorted
     * order took it, then the next free one. So a service keeps its colour from picture to picture
     * unless it collides, and two services of one picture never share a colour while any is free.
     */
    public static Map<String, String> assign(Collection<String> names) {
        Map<String, String> out = new TreeMap<>();
        boolean[] taken = new boolean[FILLS.size()];
        int used = 0;
        for (String name : new TreeSet<>(names)) {
            if (used == FILLS.size()) {
                out.put(name, fill(name));
                continue;
            }
            int i = (int) (fnv1a(name) % FILLS.size());
            while (taken[i]) i = (i + 1) % FILLS.size();
            taken[i] = true;
            used++;
            out.put(name, FILLS.get(i));
        }
        return out;
    }

    /** A fill from the name alone (any hue), for pictures with more names than {@link #FILLS}. */
    public static String fill(String name) {
        long h = fnv1a(name);
        double hue = h % 360;
        // Two lightness bands double the number of tellable-apart colours.
        double lightness = ((h >>> 9) & 1) == 0 ? 0.66 : 0.76;
        return hsl(hue, 0.62, lightness);
    }

    /** The service or component of a copy, which its colour stands for. */
    public static String owner(TaskId task) {
        return task.group();
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
