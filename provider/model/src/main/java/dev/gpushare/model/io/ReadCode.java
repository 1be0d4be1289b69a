package dev.gpushare.model.io;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of reading and merging spec files, with cause and fix (the documentation is
 * generated from these).
 */
public enum ReadCode implements ProblemCode {
    PARSE_ERROR(
            "The file is not well-formed YAML or JSON, is empty, or holds more than one document.",
            "Correct the syntax at the reported line and column; a spec file holds one mapping that starts with apiVersion."),
    DUPLICATE_KEY(
            "A mapping names the same key twice; the later value would silently win in most tools.",
            "Remove or rename one of the keys; the first one is kept."),
    DUPLICATE_NAME(
            "Two definitions of the same kind (capacity providers, task definitions, services, endpoints, inference components, instance types, or containers of one task definition) carry the same name, in one file or across files.",
            "Rename or remove one of them; the message names where the first is."),
    DUPLICATE_SECTION(
            "A section that a spec has at most once (pricing) is given in more than one of its files.",
            "Keep the section in one file; the message names where the first is."),
    CLUSTER_MISMATCH(
            "The files of one spec name different clusters.",
            "Give every file the same cluster, or validate the clusters separately."),
    NOT_UTF8(
            "The file is not UTF-8 text: saved as Latin-1, Windows-1252 or UTF-16, or not text at all.",
            "Save it as UTF-8 (most editors: \"Save with encoding\"; iconv -f LATIN1 -t UTF-8 in.yaml > out.yaml); the message names the first byte that is not UTF-8."),
    FILE_TOO_LARGE(
            "The file is larger than gpushare reads (64 MiB).",
            "Split the spec into several files or clusters."),
    VALUE_TOO_LONG(
            "A string (a value or a key) is longer than gpushare reads (65536 characters), or a YAML line is longer than 1048576 characters; no name, image or profile needs that much.",
            "Shorten the value at the reported line; a long text pasted into the wrong field is the usual cause."),
    NUMBER_OUT_OF_RANGE(
            "A number is larger than gpushare can hold (2147483647 for counts, MiB and percents; 9223372036854775807 for an instance type's memoryMiB), e.g. 3000000000 or 1e400.",
            "Use a smaller number."),
    NO_INPUT(
            "No spec file was given.",
            "Pass at least one spec file.");

    private final Doc doc;

    ReadCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
