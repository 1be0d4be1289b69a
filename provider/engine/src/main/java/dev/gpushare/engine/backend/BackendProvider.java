package dev.gpushare.engine.backend;

/**
 * Opens backends for URL schemes the engine itself does not know (the HTTP client backend of the
 * server module for {@code http(s)://}). Found with {@link java.util.ServiceLoader}, so the engine
 * does not depend on the modules that implement it.
 */
public interface BackendProvider {

    /** True when this provider opens {@code url}. */
    boolean accepts(String url);

    /**
     * Opens the backend at {@code url}; throws {@link BackendException} when it cannot.
     *
     * @param token the credential to use, or {@code null} for the provider's default (for the HTTP
     *              client, the environment variable {@code GPUSHARE_TOKEN})
     */
    Backend open(String url, String token);
}
