package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --backend URL} option of the commands that touch a backend ({@code @Mixin}), with
 * {@code GPUSHARE_BACKEND} and the default {@code file:.gpushare/state} behind it.
 */
public final class BackendOption {
    @Option(names = "--backend", paramLabel = "URL",
            description = "Where the cluster state lives: file:PATH for the local embedded store (default "
                    + Backends.DEFAULT_URL + ", or $" + Backends.ENV + "), http(s)://HOST for a remote service.")
    private String url;

    public String url() {
        return Backends.resolveUrl(url, System.getenv(Backends.ENV));
    }

    /** The URL as messages print it: no user info, password or token ({@link Backends#redact}). */
    public String shown() {
        return Backends.redact(url());
    }

    /** Opens the backend; a failure is a user error with exit status 4. */
    public Gpushare open() {
        try {
            return Gpushare.backend(url());
        } catch (BackendException e) {
            throw failed(e);
        }
    }

    /**
     * Opens the backend and starts it reading ahead what the plan will read ({@link
     * Gpushare#readAhead}), for a command that checks its spec meanwhile; null when it does not
     * open (the command then calls {@link #open} after the spec, which says why in its place: a
     * spec's problems are reported before a backend's, as without reading ahead).
     */
    public Gpushare openReadingAhead() {
        try {
            return Gpushare.backend(url()).readAhead();
        } catch (RuntimeException e) {
            return null;
        }
    }

    static UserError failed(BackendException e) {
        // The code leads, so that a user can look it up in docs/troubleshooting.md.
        return new UserError(ExitCodes.BACKEND, e.code() + ": " + e.getMessage());
    }

    /**
     * The cluster to use: {@code given}, else the backend's only cluster; none or several is a
     * usage error naming them.
     */
    static String cluster(Gpushare gs, String given, String backendUrl) {
        if (given != null) return given;
        List<String> clusters = gs.clusters();
        if (clusters.size() == 1) return clusters.getFirst();
        if (clusters.isEmpty()) {
            throw UserError.usage("the backend " + backendUrl + " holds no cluster yet; apply a spec first"
                    + " (gpushare apply SPEC --auto-approve) or pass --backend for another store");
        }
        throw UserError.usage("the backend " + backendUrl + " holds several clusters (" + String.join(", ", clusters)
                + "); pass --cluster NAME");
    }
}
