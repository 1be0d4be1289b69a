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

    /**
     * For commands that print only text or JSON: a picture format ({@code svg}, {@code html}) is a
     * usage error rather than silently printing text.
     */
    public boolean jsonElseText(String command) {
        return switch (format) {
            case TEXT -> false;
            case JSON -> true;
            case SVG, HTML -> throw UserError.usage("--format " + format.name().toLowerCase(java.util.Locale.ROOT)
                    + " is not available for '" + command + "'; use text or json");
        };
    }
}
