package dev.gpushare.cli.docs;

/**
 * One problem code as docs/troubleshooting.md lists it.
 *
 * @param code   the stable UPPER_SNAKE code
 * @param source where the entry comes from (the simple name of its {@code ProblemCode} enum)
 * @param cause  what makes the problem happen, one sentence
 * @param fix    what to change, one sentence
 */
record CodeEntry(String code, String source, String cause, String fix) {}
