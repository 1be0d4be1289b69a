package dev.gpushare.engine.backend;

import java.util.Objects;

/**
 * The backend could not be reached, opened or written (exit status 4), or was asked for something
 * it does not have. A user or environment error, not a bug.
 *
 * @see #code() a stable code such as {@code BACKEND_UNAVAILABLE}, {@code BACKEND_URL_INVALID},
 *      {@code UNKNOWN_INSTANCE}, {@code BACKEND_IO}
 */
public final class BackendException extends RuntimeException {
    private final String code;

    public BackendException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public BackendException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    public String code() {
        return code;
    }
}
