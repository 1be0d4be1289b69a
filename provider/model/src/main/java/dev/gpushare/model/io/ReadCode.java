package dev.gpushare.model.io;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of reading and merging spec files, with cause and fix (the documentation is
 * generated from these).
 */
public enum ReadCode implements ProblemCode {
    @Doc(cause = "The file is not well-formed YAML or JSON, is empty, or holds more than one document.",
            fix = "Correct the syntax at the reported line and column; a spec file holds one mapping that starts with apiVersion.")
    PARSE_ERROR,
    @Doc(cause = "A mapping names the same key twice; the later value would silently win in most tools.",
            fix = "Remove or rename one of the keys; the first one is kept.")
    DUPLICATE_KEY,
    @Doc(cause = "Two definitions of the same kind (capacity providers, task definitions, services, endpoints, inference components, instance types, or containers of one task definition) carry the same name, in one file or across files.",
            fix = "Rename or remove one of them; the message names where the first is.")
    DUPLICATE_NAME,
    @Doc(cause = "A section that a spec has at most once (pricing) is given in more than one of its files.",
            fix = "Keep the section in one file; the message names where the first is.")
    DUPLICATE_SECTION,
    @Doc(cause = "The files of one spec name different clusters.",
            fix = "Give every file the same cluster, or validate the clusters separately.")
    CLUSTER_MISMATCH,
    @Doc(cause = "The file is not UTF-8 text: saved as Latin-1, Windows-1252 or UTF-16, or not text at all.",
            fix = "Save it as UTF-8 (most editors: \"Save with encoding\"; iconv -f LATIN1 -t UTF-8 in.yaml > out.yaml); the message names the first byte that is not UTF-8.")
    NOT_UTF8,
    @Doc(cause = "The file is larger than gpushare reads (64 MiB).",
            fix = "Split the spec into several files or clusters.")
    FILE_TOO_LARGE,
    @Doc(cause = "A string (a value or a key) is longer than gpushare reads (65536 characters), or a YAML line is longer than 1048576 characters; no name, image or profile needs that much.",
            fix = "Shorten the value at the reported line; a long text pasted into the wrong field is the usual cause.")
    VALUE_TOO_LONG,
    @Doc(cause = "A number is larger than gpushare can hold (2147483647 for counts, MiB and percents; 9223372036854775807 for an instance type's memoryMiB), e.g. 3000000000 or 1e400.",
            fix = "Use a smaller number.")
    NUMBER_OUT_OF_RANGE,
    @Doc(cause = "No spec file was given.",
            fix = "Pass at least one spec file.")
    NO_INPUT;
}
