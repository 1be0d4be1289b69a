package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.function.Supplier;

/** Turns the client's exceptions into {@link BackendException}s that name the object and the server's reason. */
public final class Failures {
    private Failures() {}

    /** Runs {@code call}; a failure names {@code what} (e.g. {@code "create Pod gpushare/embedder-0-…"}). */
    public static <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (KubernetesClientException e) {
            throw of(what, e);
        }
    }

    public static void run(String what, Runnable call) {
        call(what, () -> {
            call.run();
            return null;
        });
    }

    public static BackendException of(String what, KubernetesClientException e) {
        int code = e.getCode();
        if (code == 0) {
            Throwable root = e;
            while (root.getCause() != null) root = root.getCause();
            return new BackendException(BackendCode.KUBERNETES_UNREACHABLE, what + ": the API server cannot be reached ("
                    + root.getClass().getSimpleName() + ": " + root.getMessage() + ")", e);
        }
        String reason = e.getStatus() != null && e.getStatus().getReason() != null ? e.getStatus().getReason() : reasonOf(code);
        String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage() : e.getMessage();
        return new BackendException(BackendCode.KUBERNETES_REFUSED, what + ": the API server refused it: " + reason
                + " (HTTP " + code + "): " + message, e);
    }

    private static String reasonOf(int code) {
        return switch (code) {
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "NotFound";
            case 409 -> "Conflict";
            case 422 -> "Invalid";
            default -> "HTTP " + code;
        };
    }
}
