package dev.gpushare.kubernetes;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendProvider;

/** Opens {@code kubernetes:} URLs for {@code Backends.open} (registered with {@link java.util.ServiceLoader}). */
public final class KubernetesBackendProvider implements BackendProvider {
    @Override
    public boolean accepts(String url) {
        return KubernetesUrl.accepts(url);
    }

    /** {@code token} is not used: credentials come from the kubeconfig. */
    @Override
    public Backend open(String url, String token) {
        return KubernetesBackend.open(KubernetesUrl.parse(url));
    }
}
