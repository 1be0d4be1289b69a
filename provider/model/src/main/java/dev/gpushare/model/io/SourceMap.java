package dev.gpushare.model.io;

import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where each part of a merged spec came from: maps a problem whose path points into the merged
 * spec (e.g. {@code /services/3/desiredCount}) to the file, the path inside that file
 * ({@code /services/1/desiredCount}) and the line and column.
 */
public final class SourceMap {
    /** No files behind the spec (it was built in code): problems stay as they are. */
    public static final SourceMap EMPTY = new SourceMap(List.of(), Map.of());

    /**
     * Where one list item of the merged spec was written.
     *
     * @param fileIndex  index of the file in the list given to {@link SpecReader#bind}
     * @param localIndex the item's index in that file's section
     */
    public record Origin(int fileIndex, int localIndex) {}

    private final List<ParsedFile> files;
    private final Map<String, List<Origin>> sections;

    /**
     * @param files    the files in merge order
     * @param sections for each top-level list ({@code services}, ...), the origin of every merged
     *                 item in merged order
     */
    public SourceMap(List<ParsedFile> files, Map<String, List<Origin>> sections) {
        this.files = List.copyOf(files);
        this.sections = Map.copyOf(sections);
    }

    /**
     * The same problem tied to its file: {@code file}, the path inside the file, and line/column
     * (of the nearest known ancestor when the path itself is missing, e.g. a required property).
     * A problem that already names a file is returned unchanged; paths outside the lists
     * ({@code /cluster}, {@code ""}) are attributed to the first file.
     */
    public Problem locate(Problem p) {
        if (p.file() != null || files.isEmpty()) return p;
        List<String> tokens = JsonPointers.tokens(p.path());
        int file = 0;
        String local = p.path();
        if (tokens.size() >= 2 && sections.containsKey(tokens.get(0)) && JsonPointers.isIndex(tokens.get(1))) {
            List<Origin> origins = sections.get(tokens.get(0));
            int merged = Integer.parseInt(tokens.get(1));
            if (merged < origins.size()) {
                Origin o = origins.get(merged);
                file = o.fileIndex();
                List<String> rewritten = new ArrayList<>(tokens);
                rewritten.set(1, Integer.toString(o.localIndex()));
                local = JsonPointers.of(rewritten);
            }
        }
        ParsedFile f = files.get(file);
        return p.withPath(local).inFile(f.file(), f.locations().locate(local));
    }

    /** {@link #locate} for each problem, order kept. */
    public List<Problem> locateAll(List<Problem> problems) {
        return problems.stream().map(this::locate).toList();
    }
}
