package dev.gpushare.server.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One operation of the API: a method and a path template with {@code {name}} segments, as the
 * OpenAPI document writes it. The template is cut into segments once, here: a request's match
 * compares its path's segments with them and allocates only the parameters of a route that matches
 * (every request is matched against every route, so a match that cut the template each time cost
 * the most of a small request's garbage).
 */
public final class Route {

    @FunctionalInterface
    public interface Handler {
        Reply handle(Request request);
    }

    private final String method;
    private final String template;
    private final Handler handler;
    /** The template's segments; for a {@code {name}} segment, {@code name}. */
    private final String[] segments;
    /** Per segment: whether it is a parameter. */
    private final boolean[] parameter;
    private final String label;

    public Route(String method, String template, Handler handler) {
        this.method = method;
        this.template = template;
        this.handler = handler;
        List<String> parts = split(template);
        this.segments = new String[parts.size()];
        this.parameter = new boolean[parts.size()];
        for (int i = 0; i < segments.length; i++) {
            String t = parts.get(i);
            parameter[i] = t.length() >= 2 && t.startsWith("{") && t.endsWith("}");
            segments[i] = parameter[i] ? t.substring(1, t.length() - 1) : t;
        }
        this.label = method + " " + template;
    }

    public String method() {
        return method;
    }

    public String template() {
        return template;
    }

    public Handler handler() {
        return handler;
    }

    /** Whether {@code pathSegments} match the template (a parameter matches any non-empty segment). */
    boolean matches(List<String> pathSegments) {
        if (segments.length != pathSegments.size()) return false;
        for (int i = 0; i < segments.length; i++) {
            String s = pathSegments.get(i);
            if (parameter[i] ? s.isEmpty() : !segments[i].equals(s)) return false;
        }
        return true;
    }

    /** The path parameters when {@code pathSegments} match the template, else null. */
    Map<String, String> match(List<String> pathSegments) {
        if (!matches(pathSegments)) return null;
        Map<String, String> params = new TreeMap<>();
        for (int i = 0; i < segments.length; i++) if (parameter[i]) params.put(segments[i], pathSegments.get(i));
        return params;
    }

    /** {@code METHOD /template}: the label used in metrics. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    static List<String> split(String path) {
        List<String> out = new ArrayList<>();
        if (path.isEmpty()) return out;
        // as path.split("/", -1) less a leading empty segment, without the regex's arrays
        for (int i = path.startsWith("/") ? 1 : 0; ; ) {
            int slash = path.indexOf('/', i);
            if (slash < 0) {
                out.add(path.substring(i));
                return out;
            }
            out.add(path.substring(i, slash));
            i = slash + 1;
        }
    }
}
