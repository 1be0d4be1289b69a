package dev.gpushare.engine.mig.internal;

import dev.gpushare.engine.catalog.MigProfile;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Exact backtracking over allowed starts (rules V1 and V2): every instance occupies
 * {@code [start, start + size)}, {@code start} is one its profile allows, no two share a unit.
 *
 * <p>Instances are searched in {@link #ORDER} (largest first), each trying its starts in ascending
 * order, so the first assignment found is the lexicographically smallest start vector in that
 * order: the same multiset always gets the same starts.
 */
public final class StartSearch {
    /** Search order: placement size descending, then compute slices descending, then name. */
    public static final Comparator<MigProfile> ORDER = Comparator
            .comparingInt(MigProfile::size).reversed()
            .thenComparing(Comparator.comparingInt(MigProfile::computeSlices).reversed())
            .thenComparing(MigProfile::name);

    private StartSearch() {}

    /**
     * Starts for {@code ordered} (already sorted by {@link #ORDER}), index for index, or empty when
     * no overlap-free assignment exists within {@code units} placement units (at most 63).
     */
    public static Optional<int[]> search(List<MigProfile> ordered, int units) {
        if (units > 63) {
            throw new IllegalArgumentException("placement units above 63 are not supported: " + units);
        }
        int[] starts = new int[ordered.size()];
        return place(ordered, units, 0, 0L, starts) ? Optional.of(starts) : Optional.empty();
    }

    private static boolean place(List<MigProfile> ordered, int units, int i, long used, int[] starts) {
        if (i == ordered.size()) {
            return true;
        }
        MigProfile p = ordered.get(i);
        // Identical instances are interchangeable: keeping their starts non-decreasing prunes
        // symmetric branches without losing the lexicographically smallest answer.
        int floor = i > 0 && ordered.get(i - 1).equals(p) ? starts[i - 1] : Integer.MIN_VALUE;
        long mask = (1L << p.size()) - 1;
        for (int start : p.starts()) {
            if (start < floor || start + p.size() > units) {
                continue;
            }
            long occupied = mask << start;
            if ((used & occupied) != 0) {
                continue;
            }
            starts[i] = start;
            if (place(ordered, units, i + 1, used | occupied, starts)) {
                return true;
            }
        }
        return false;
    }
}
