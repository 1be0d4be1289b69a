package dev.gpushare.model.io;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of reading and merging spec files, with cause and fix (the documentation is
 * generated from these).
 */
public enum ReadCode implements ProblemCode {
    PARSE_ERROR,
    DUPLICATE_KEY,
    DUPLICATE_NAME,
    DUPLICATE_SECTION,
    CLUSTER_MISMATCH,
    NOT_UTF8,
    FILE_TOO_LARGE,
    VALUE_TOO_LONG,
    NUMBER_OUT_OF_RANGE,
    NO_INPUT;
}
