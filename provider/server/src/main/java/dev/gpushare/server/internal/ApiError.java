package dev.gpushare.server.internal;

import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.ProblemCode;
import java.util.List;

/**
 * A request the service refuses because of its input (4xx): a value, not a bug. Rendered as
 * {@code {"code", "message", "requestId", "problems"?}}.
 *
 * @param status   the HTTP status (400, 401, 404, 405, 409, 413, 415)
 * @param code     stable code, e.g. {@link dev.gpushare.server.ServiceCode#MALFORMED_JSON}
 * @param message  what to change
 * @param problems spec problems (CONTRACT.md), empty unless the spec was invalid
 */
record ApiError(int status, ProblemCode code, String message, List<Problem> problems) {
    ApiError {
        problems = List.copyOf(problems);
    }

    static ApiError of(int status, ProblemCode code, String message) {
        return new ApiError(status, code, message, List.of());
    }

    /** Thrown by handlers to answer with {@link #error}. */
    static final class Refused extends RuntimeException {
        final ApiError error;

        Refused(ApiError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }
    }

    Refused refused() {
        return new Refused(this);
    }
}
