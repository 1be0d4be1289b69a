package dev.gpushare.pulumi.sdk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Small helpers to read generated sources: files of a folder, one match, a block of text. */
final class SdkSource {
    private SdkSource() {}

    static List<Path> files(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Group 1 of the first match, or null. */
    static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }

    /** The text from the line that starts with {@code opening} to the first line that is {@code closing}. */
    static String block(String text, String opening, String closing) {
        int start = text.indexOf(opening);
        if (start < 0) return null;
        int end = text.indexOf("\n" + closing + "\n", start);
        return text.substring(start, end < 0 ? text.length() : end);
    }
}
