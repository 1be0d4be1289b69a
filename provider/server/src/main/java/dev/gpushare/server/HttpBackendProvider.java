package dev.gpushare.server;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendProvider;

/** Lets {@code Backends.open} open {@code http(s)://} URLs with {@link HttpBackend}. */
public final class HttpBackendProvider implements BackendProvider {
    @Override
    public boolean accepts(String url) {
        return url.startsWith("http://") || url.startsWith("https://");
    }

    @Override
    public Backend open(String url, String token) {
        return HttpBackend.fromEnvironment(url, token);
    }
}
