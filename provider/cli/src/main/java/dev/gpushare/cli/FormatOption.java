package dev.gpushare.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --format text|json} option every command takes ({@code @Mixin FormatOption format}).
 */
public final class FormatOption {
    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            converter = OutputFormat.Converter.class,
            description = "Output format: text (default, for people) or json (for scripts).")
    private OutputFormat format = OutputFormat.TEXT;

    public OutputFormat get() {
        return format;
    }

    public boolean json() {
        return format == OutputFormat.JSON;
    }
}
