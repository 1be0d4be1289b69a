package dev.gpushare.engine.backend;

import java.util.Objects;

/**
 * The backend could not be reached, opened or written (exit status 4), or was asked for something
 * it does not have. A user or environment error, not a bug.
 *
 * @see #code() a stable code, one of {@link BackendCode}
 */
public final class BackendException extends RuntimeException {
    private final BackendCode code;

    public BackendException(BackendCode code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public BackendException(BackendCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** The stable code; the CLI and the HTTP API print its name. */
    public BackendCode code() {
        return code;
    }
}
