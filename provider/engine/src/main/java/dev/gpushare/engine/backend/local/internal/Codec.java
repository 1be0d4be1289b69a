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

    public static List<MigPartition> partitions(String text) {
        if (text == null || text.isEmpty()) return List.of();
        List<MigPartition> out = new ArrayList<>();
        for (String part : text.split(",")) {
            int at = part.lastIndexOf('@'), colon = part.lastIndexOf(':');
            out.add(new MigPartition(part.substring(0, at), Integer.parseInt(part.substring(at + 1, colon)),
                    Long.parseLong(part.substring(colon + 1))));
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
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            env.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return env;
    }

    public static String layout(List<String> layout) {
        return layout == null ? null : String.join(",", layout);
    }

    public static List<String> layout(String text) {
        return text == null ? null : text.isEmpty() ? List.of() : Arrays.asList(text.split(","));
    }
}
