package dev.gpushare.cli;

/**
 * What one in-process run of {@code gpushare} returned.
 *
 * @param exitCode the exit status ({@link ExitCodes})
 * @param out      everything printed on stdout (UTF-8)
 * @param err      everything printed on stderr (UTF-8)
 */
public record CliResult(int exitCode, String out, String err) {}
