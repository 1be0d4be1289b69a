package dev.gpushare.engine.mig;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of MIG layout checks, each with its cause and the fix, one line each (the
 * error-code documentation is generated from this list).
 */
public enum MigCode implements ProblemCode {
    MIG_EMPTY_LAYOUT,
    MIG_UNKNOWN_PROFILE,
    MIG_PROFILE_COUNT_EXCEEDED,
    MIG_ME_ALL_EXCLUSIVE,
    MIG_LAYOUT_DOES_NOT_FIT;
}
