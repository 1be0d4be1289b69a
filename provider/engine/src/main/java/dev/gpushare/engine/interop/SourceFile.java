package dev.gpushare.engine.interop;

import java.util.Objects;

/**
 * The text of one input file, and the name problems should carry.
 *
 * @param name the file name as the user gave it
 * @param text its content
 */
public record SourceFile(String name, String text) {
    public SourceFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }
}
