package dev.gpushare.kubernetes;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A {@code kubernetes:[CONTEXT][?namespace=NS&devices=dra|device-plugin&componentImage=IMAGE]}
 * backend URL.
 *
 * @param context        the kubeconfig context, or {@code null} for the current one
 * @param namespace      where pods, claims and ConfigMaps go, or {@code null} for the context's
 *                       namespace ({@code default} when it names none)
 * @param devices        how pods ask for their device
 * @param componentImage the image an inference component's copies run (they get {@code
 *                       GPUSHARE_MODEL}); the pause image when none is given
 */
public record KubernetesUrl(String context, String namespace, DeviceMode devices, String componentImage) {
    public static final String SCHEME = "kubernetes:";
    /** Holds the device while no model server is named: set componentImage to your server. */
    public static final String DEFAULT_COMPONENT_IMAGE = "registry.k8s.io/pause:3.10";

    public static boolean accepts(String url) {
        return url != null && url.startsWith(SCHEME);
    }

    public static KubernetesUrl parse(String url) {
        if (!accepts(url)) throw invalid(url, "it does not start with " + SCHEME);
        String rest = url.substring(SCHEME.length());
        if (rest.startsWith("//")) rest = rest.substring(2);
        String query = null;
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        String context = rest.isEmpty() ? null : decode(rest);
        String namespace = null, image = DEFAULT_COMPONENT_IMAGE;
        DeviceMode devices = DeviceMode.DRA;
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair : pair.substring(0, eq);
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                switch (key) {
                    case "namespace" -> namespace = value.isEmpty() ? null : value;
                    case "devices" -> devices = DeviceMode.parse(value).orElseThrow(() -> invalid(url,
                            "devices=" + value + " is neither dra nor device-plugin"));
                    case "componentImage" -> image = value;
                    default -> throw invalid(url, "unknown key '" + key + "' (use namespace, devices, componentImage)");
                }
            }
        }
        return new KubernetesUrl(context, namespace, devices, image);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static BackendException invalid(String url, String why) {
        return new BackendException(BackendCode.KUBERNETES_CONFIG, "backend URL " + url + ": " + why
                + "; use kubernetes: or kubernetes:CONTEXT?namespace=NS&devices=dra|device-plugin");
    }
}
