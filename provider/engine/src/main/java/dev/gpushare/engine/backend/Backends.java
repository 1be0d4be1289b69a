package dev.gpushare.engine.backend;

import dev.gpushare.engine.backend.local.LocalBackend;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Opens a backend from its URL: {@code file:PATH} (local, the default), {@code http(s)://…} (the
 * server module) or {@code kubernetes:[CONTEXT]} (the kubernetes module), the latter two through
 * {@link BackendProvider}s on the class path.
 */
public final class Backends {
    /** The default URL, relative to the working directory. */
    public static final String DEFAULT_URL = "file:.gpushare/state";

    /** Environment variable that names the backend when {@code --backend} is not given. */
    public static final String ENV = "GPUSHARE_BACKEND";

    private Backends() {}

    /** {@code explicit} if given, else {@code $GPUSHARE_BACKEND}, else {@link #DEFAULT_URL}. */
    public static String resolveUrl(String explicit, String environmentValue) {
        if (explicit != null && !explicit.isBlank()) return explicit;
        if (environmentValue != null && !environmentValue.isBlank()) return environmentValue;
        return DEFAULT_URL;
    }

    public static Backend open(String url) {
        return open(url, null);
    }

    /**
     * Opens the backend at {@code url} with a credential for remote backends (the Pulumi provider's
     * secret {@code token} config); {@code null} takes the default ({@code GPUSHARE_TOKEN}).
     */
    public static Backend open(String url, String token) {
        if (url == null || url.isBlank()) url = DEFAULT_URL;
        if (url.startsWith("file:")) {
            String path = url.substring("file:".length());
            if (path.startsWith("//")) path = path.substring(2); // file:///abs/path
            if (path.isEmpty()) {
                throw new BackendException(BackendCode.BACKEND_URL_INVALID, "backend URL " + url
                        + " names no file; use file:PATH, e.g. " + DEFAULT_URL);
            }
            // SQLite reads ":memory:", "?mode=ro" and "#…" as URI syntax, not as a file name: a
            // user who means a file of that name is rare, one who mistyped a URL is not
            if (path.startsWith(":") || path.indexOf('?') >= 0 || path.indexOf('#') >= 0 || path.startsWith("file:")
                    || path.indexOf('\0') >= 0) {
                throw new BackendException(BackendCode.BACKEND_URL_INVALID, "backend URL " + dev.gpushare.model.io.Printable.line(url)
                        + " is not a plain file path (no ':memory:', '?query' or '#fragment'); use file:PATH, e.g. "
                        + DEFAULT_URL);
            }
            return LocalBackend.open(Path.of(path));
        }
        // other schemes come from providers on the classpath (the server module's HTTP client)
        for (BackendProvider provider : ServiceLoader.load(BackendProvider.class)) {
            if (provider.accepts(url)) return provider.open(url, token);
        }
        if (url.startsWith("http://") || url.startsWith("https://")) {
            throw new BackendException(BackendCode.BACKEND_UNAVAILABLE, "remote backend not available in this build ("
                    + url + "); use a local one, e.g. --backend " + DEFAULT_URL);
        }
        if (url.startsWith("kubernetes:")) {
            throw new BackendException(BackendCode.BACKEND_UNAVAILABLE, "the Kubernetes backend is not available in this build ("
                    + url + "); use a local one, e.g. --backend " + DEFAULT_URL);
        }
        throw new BackendException(BackendCode.BACKEND_URL_INVALID, "unknown backend URL " + url
                + "; use file:PATH (e.g. " + DEFAULT_URL + "), http(s)://HOST for a remote service or kubernetes:[CONTEXT]");
    }
}
