package dev.gpushare.server.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One operation of the API: a method and a path template with {@code {name}} segments, as the
 * OpenAPI document writes it.
 */
public record Route(String method, String template, Handler handler) {

    @FunctionalInterface
    public interface Handler {
        Reply handle(Request request);
    }

    /** The template's segments, e.g. {@code [v1, clusters, {cluster}, state]}. */
    List<String> segments() {
        return split(template);
    }

    /** The path parameters when {@code path} matches the template, else null. */
    Map<String, String> match(List<String> pathSegments) {
        List<String> mine = segments();
        if (mine.size() != pathSegments.size()) return null;
        Map<String, String> params = new TreeMap<>();
        for (int i = 0; i < mine.size(); i++) {
            String t = mine.get(i);
            if (t.startsWith("{") && t.endsWith("}")) {
                if (pathSegments.get(i).isEmpty()) return null;
                params.put(t.substring(1, t.length() - 1), pathSegments.get(i));
            } else if (!t.equals(pathSegments.get(i))) {
                return null;
            }
        }
        return params;
    }

    /** {@code METHOD /template}: the label used in metrics. */
    public String label() {
        return method + " " + template;
    }

    static List<String> split(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/", -1)) out.add(s);
        if (!out.isEmpty() && out.getFirst().isEmpty()) out.removeFirst();
        return out;
    }
}
