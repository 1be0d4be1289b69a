package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.state.MigPartition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compact text forms for the small lists stored in one column: MIG partitions as
 * {@code profile@start:MiB,…}, env as {@code KEY=value} lines, a declared layout as {@code a,b}.
 * Profile names, env keys and values never contain these separators.
 */
public final class Codec {
    private Codec() {}

    public static String partitions(List<MigPartition> ps) {
        StringBuilder sb = new StringBuilder();
        for (MigPartition p : ps) {
            if (!sb.isEmpty()) sb.append(',');
            sb.append(p.profile()).append('@').append(p.start()).append(':').append(p.memoryMiB());
        }
        return sb.toString();
    }

    /** @throws IllegalArgumentException naming what is malformed (a damaged row) */
    public static List<MigPartition> partitions(String text) {
        if (text == null || text.isEmpty()) return List.of();
        List<MigPartition> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int at = part.lastIndexOf('@'), colon = part.lastIndexOf(':');
            if (at <= 0 || colon < at) throw new IllegalArgumentException("partitions '" + text + "' are not profile@start:MiB,…");
            try {
                out.add(new MigPartition(part.substring(0, at), Integer.parseInt(part.substring(at + 1, colon)),
                        Long.parseLong(part.substring(colon + 1))));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("partitions '" + text + "' are not profile@start:MiB,…");
            }
        }
        return out;
    }

    public static String env(Map<String, String> env) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (!sb.isEmpty()) sb.append('\n');
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    public static Map<String, String> env(String text) {
        Map<String, String> env = new TreeMap<>();
        if (text == null || text.isEmpty()) return env;
        for (String line : text.split("\n", -1)) {
            int eq = line.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("env line '" + line + "' is not KEY=value");
            env.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return env;
    }

    public static String layout(List<String> layout) {
        return layout == null ? null : String.join(",", layout);
    }

    public static List<String> layout(String text) {
        if (text == null) return null;
        if (text.isEmpty()) return List.of();
        List<String> out = Arrays.asList(text.split(",", -1));
        if (out.contains("")) throw new IllegalArgumentException("declared_layout '" + text + "' has an empty profile");
        return out;
    }
}
