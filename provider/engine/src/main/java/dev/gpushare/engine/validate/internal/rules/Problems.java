package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.problem.Problem;

/** Builds rule problems from a {@link ValidationCode}, so that a rule cannot emit an unlisted code. */
final class Problems {
    private Problems() {}

    static Problem of(String path, ValidationCode code, String message) {
        return Problem.at(path, code, message);
    }
}
