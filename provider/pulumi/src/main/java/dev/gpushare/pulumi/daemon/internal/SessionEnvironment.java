package dev.gpushare.pulumi.daemon.internal;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The environment variables that the provider, its backends and its JVM read, whose values must be
 * the operation's: {@code GPUSHARE_*} (the HTTP backend's {@code GPUSHARE_TOKEN} and
 * {@code GPUSHARE_CA_FILE}, {@code GPUSHARE_PULUMI_JAVA_OPTS}, ...), the Kubernetes client's
 * ({@code KUBECONFIG}, {@code KUBERNETES_*}, {@code HOME} for {@code ~/.kube/config}), the proxy
 * variables, {@code XDG_CACHE_HOME} (the SQLite native library's cache) and the JVM's own
 * ({@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}). They are part of the daemon's identity, and
 * the daemon inherits them from the client that starts it: a daemon's environment holds the same
 * values as every operation it serves, and it refuses a session whose launcher sent other values. (The Kubernetes client reads an open set of variables and
 * system properties of its own process, so handing values to it per operation could not be complete.)
 * The daemon's own switches ({@code GPUSHARE_PULUMI_DAEMON*}) are not part of it.
 */
public final class SessionEnvironment {
    private SessionEnvironment() {}

    public static SortedMap<String, String> select(Map<String, String> env) {
        SortedMap<String, String> out = new TreeMap<>();
        env.forEach((name, value) -> {
            if (matters(name)) out.put(name, value);
        });
        return out;
    }

    /** The names whose values differ between {@code a} and {@code b} (names only: values may be secrets). */
    public static java.util.SortedSet<String> differing(Map<String, String> a, Map<String, String> b) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>(a.keySet());
        out.addAll(b.keySet());
        out.removeIf(name -> java.util.Objects.equals(a.get(name), b.get(name)));
        return out;
    }

    static boolean matters(String name) {
        if (name.startsWith("GPUSHARE_PULUMI_DAEMON")) return false;
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return name.startsWith("GPUSHARE_") || name.startsWith("KUBERNETES_") || name.equals("KUBECONFIG")
                || name.equals("HOME") || name.equals("XDG_CACHE_HOME")
                || name.equals("JAVA_TOOL_OPTIONS") || name.equals("JDK_JAVA_OPTIONS") || name.equals("_JAVA_OPTIONS")
                || lower.equals("http_proxy") || lower.equals("https_proxy") || lower.equals("no_proxy") || lower.equals("all_proxy");
    }
}
