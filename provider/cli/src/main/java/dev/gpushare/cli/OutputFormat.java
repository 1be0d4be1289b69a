package dev.gpushare.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** What a command prints on stdout: a human-readable text, or JSON for scripts. */
public enum OutputFormat {
    TEXT, JSON,
    /** The fleet picture (commands that print a fleet state): standalone SVG, or one self-contained HTML page. */
    SVG, HTML;

    /** Reads {@code text} or {@code json} (any case); says which values exist otherwise. */
    static final class Converter implements ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "text" -> TEXT;
                case "json" -> JSON;
                case "svg" -> SVG;
                case "html" -> HTML;
                default -> throw new TypeConversionException("'" + value + "' is not a format; use text or json (place also takes svg or html)");
            };
        }
    }
}
