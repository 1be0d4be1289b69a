package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.backend.Backends;
import dev.gpushare.pulumi.internal.kind.Failure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The provider's configuration: {@code backend} (default {@code file:.gpushare/state}, a relative
 * file path taken from the program directory, where the engine starts the plugin) and {@code token} (secret; for an https backend).
 */
public record ProviderConfig(String backendUrl, String token) {
    public static final String BACKEND = "backend";
    public static final String TOKEN = "token";

    /** Reads config values: native strings, or JSON-encoded strings as generated SDKs send them. */
    public static ProviderConfig from(ObjectNode values, String baseDirectory) {
        String backend = string(values.get(BACKEND));
        String token = string(values.get(TOKEN));
        String url = Backends.resolveUrl(backend, null);
        if (url.startsWith("file:") && baseDirectory != null && !baseDirectory.isEmpty()) {
            String path = url.substring("file:".length());
            if (path.startsWith("//")) path = path.substring(2);
            if (!Path.of(path).isAbsolute()) url = "file:" + Path.of(baseDirectory).resolve(path).normalize();
        }
        return new ProviderConfig(url, token);
    }

    /** Problems with the config values, as (property, reason). */
    public static List<Failure> check(ObjectNode values) {
        List<Failure> out = new ArrayList<>();
        JsonNode b = values.get(BACKEND);
        if (b != null && !b.isNull() && !Wire.isUnknown(b)) {
            String url = string(b);
            if (url == null || !(url.startsWith("file:") || url.startsWith("http://") || url.startsWith("https://"))) {
                out.add(new Failure(BACKEND, "unknown backend URL " + b + "; use file:PATH (e.g. "
                        + Backends.DEFAULT_URL + ") or https://HOST for the gpushare service"));
            } else if (url.equals("file:")) {
                out.add(new Failure(BACKEND, "file: names no file; use file:PATH, e.g. " + Backends.DEFAULT_URL));
            }
        }
        return out;
    }

    @Override
    public String toString() { // never print the token
        return "ProviderConfig[backendUrl=" + backendUrl + ", token=" + (token == null ? "none" : "[secret]") + "]";
    }

    private static String string(JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (!n.isString()) return n.toString();
        String s = n.stringValue();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) return s.substring(1, s.length() - 1);
        return s;
    }
}
