package dev.gpushare.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A file a command writes on request ({@code --out}, {@code --write}): its folder is created when missing. */
final class OutputFile {
    private OutputFile() {}

    /** Writes {@code text} as UTF-8; the caller turns a failure into a message naming its option. */
    static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Files.writeString(file, text);
    }
}
