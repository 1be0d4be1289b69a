package dev.gpushare.engine.validate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The spec corpus under {@code src/test/resources/corpus/}. A case is a file, or a folder whose
 * files form one split spec. Expected problems sit next to the file they are in: leading
 * {@code # expect: CODE PATH [line=N] [contains=WORD]} comments in YAML, or a {@code <file>.expect}
 * file with such lines without the prefix (JSON has no comments). {@code ""} is the root path.
 */
final class Corpus {
    private Corpus() {}

    /** One spec: its files, and what must be reported, as {@code "file CODE path"}. */
    record Case(String name, List<Path> files, List<Expected> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code line} and {@code contains} (a word the message must hold) are only checked when given. */
    record Expected(String file, String code, String path, Integer line, String contains) {
        String key() {
            return file + " " + code + " " + (path.isEmpty() ? "\"\"" : path);
        }
    }

    static Path root(String kind) {
        try {
            return Path.of(Corpus.class.getResource("/corpus/" + kind).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Case> cases(String kind) {
        try (Stream<Path> entries = Files.list(root(kind))) {
            List<Case> out = new ArrayList<>();
            for (Path entry : entries.sorted().toList()) {
                if (entry.toString().endsWith(".expect")) continue;
                List<Path> files = Files.isDirectory(entry) ? specFiles(entry) : List.of(entry);
                List<Expected> expected = new ArrayList<>();
                for (Path f : files) expected.addAll(expectations(f));
                out.add(new Case(entry.getFileName().toString(), files, expected));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> specFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.toString().endsWith(".expect")).sorted().toList();
        }
    }

    private static List<Expected> expectations(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        Path sidecar = file.resolveSibling(file.getFileName() + ".expect");
        if (Files.exists(sidecar)) {
            lines.addAll(Files.readAllLines(sidecar).stream().filter(l -> !l.isBlank()).toList());
        }
        for (String l : Files.readAllLines(file)) {
            if (!l.startsWith("#")) break;
            if (l.startsWith("# expect: ")) lines.add(l.substring("# expect: ".length()));
        }
        List<Expected> out = new ArrayList<>();
        for (String l : lines) {
            String[] parts = l.trim().split("\\s+");
            String path = parts[1].equals("\"\"") ? "" : parts[1];
            Integer line = null;
            String contains = null;
            for (int i = 2; i < parts.length; i++) {
                if (parts[i].startsWith("line=")) line = Integer.valueOf(parts[i].substring(5));
                else if (parts[i].startsWith("contains=")) contains = parts[i].substring(9);
                else throw new IllegalArgumentException("unknown expectation token in " + file + ": " + parts[i]);
            }
            out.add(new Expected(file.getFileName().toString(), parts[0], path, line, contains));
        }
        return out;
    }

    /** The file name a problem names, without folders (the reader names files as given). */
    static String fileName(String file) {
        return file == null ? null : Path.of(file).getFileName().toString();
    }
}
