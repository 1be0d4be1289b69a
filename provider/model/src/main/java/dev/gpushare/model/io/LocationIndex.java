package dev.gpushare.model.io;

import dev.gpushare.model.problem.Problem;
import java.util.Map;

/**
 * Line and column of the JSON Pointers of one parsed file: for a property, where its key is
 * written; for an array item, where the item starts; for {@code ""}, where the document starts.
 */
public final class LocationIndex {
    /** An index that knows no location (a file that could not be parsed, a spec from code). */
    public static final LocationIndex EMPTY = new LocationIndex(Map.of());

    private final Map<String, Problem.Location> byPointer;

    public LocationIndex(Map<String, Problem.Location> byPointer) {
        this.byPointer = Map.copyOf(byPointer);
    }

    /**
     * The location of {@code jsonPointer}, or of its nearest ancestor that has one (a missing
     * property is reported where its parent object is), or {@code null} when none is known.
     */
    public Problem.Location locate(String jsonPointer) {
        String p = jsonPointer;
        while (true) {
            Problem.Location l = byPointer.get(p);
            if (l != null || p.isEmpty()) return l;
            p = JsonPointers.parent(p);
        }
    }

    /** How many pointers are known. */
    public int size() {
        return byPointer.size();
    }
}
