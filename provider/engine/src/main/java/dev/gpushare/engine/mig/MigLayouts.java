package dev.gpushare.engine.mig;

import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.mig.internal.MediaRules;
import dev.gpushare.engine.mig.internal.StartSearch;
import dev.gpushare.engine.state.MigPartition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * MIG layouts on one GPU model: does a multiset of profiles fit, and at which starts.
 *
 * <p>Rules (nvidia-partitioning.md §0, §5.3): V1 a profile occupies {@code size} contiguous
 * placement units from one of its allowed starts; V2 no two instances share a unit; V3 per-profile
 * max counts and at most one {@code +me} instance; V4 a {@code +me.all} instance admits only
 * {@code -me} profiles beside it; V5 compute slices never exceed the GPU's; V8 the unit count comes
 * from the geometry, never assumed to be 8.
 *
 * <p>{@link #realize} checks in this order and reports the first failing check: empty layout,
 * unknown names, compute budget, counts, {@code +me.all}, placement-unit budget, start search.
 * Compute comes before counts so that {@code 4g + 4g} is reported as a budget problem.
 */
public final class MigLayouts {
    private MigLayouts() {}

    /**
     * Places the profiles on one GPU of this geometry.
     *
     * @param profileNames profile names, with or without the {@code mig-} prefix; repeats mean
     *                     several instances; order does not matter
     * @return the partitions ordered by start, or why the layout cannot exist. Starts are
     *         deterministic: instances are searched largest first ({@link StartSearch#ORDER}:
     *         size, then compute slices descending, then name), each trying its allowed starts
     *         in ascending order, and the first fit — the lexicographically smallest start vector
     *         in that order — is taken.
     */
    public static LayoutResult realize(MigGeometry geometry, List<String> profileNames) {
        if (profileNames.isEmpty()) {
            return new LayoutResult.Rejected(MigCode.MIG_EMPTY_LAYOUT,
                    "the partition layout is empty; list at least one MIG profile (valid: "
                            + validNames(geometry) + "), or leave the layout out for whole GPUs");
        }
        List<MigProfile> profiles = new ArrayList<>();
        Set<String> unknown = new TreeSet<>();
        for (String name : profileNames) {
            geometry.profile(name).ifPresentOrElse(profiles::add, () -> unknown.add(name));
        }
        if (!unknown.isEmpty()) {
            return new LayoutResult.Rejected(MigCode.MIG_UNKNOWN_PROFILE,
                    (unknown.size() == 1 ? "MIG profile " : "MIG profiles ")
                            + unknown.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "))
                            + (unknown.size() == 1 ? " is" : " are")
                            + " not offered by this GPU; valid profiles: " + validNames(geometry)
                            + " (with or without the mig- prefix)");
        }
        // Catalog order from here on, so that messages do not depend on how the layout was written.
        profiles.sort(Comparator.comparingInt(geometry.profiles()::indexOf));
        Optional<LayoutResult.Rejected> rejected = check(geometry, profiles);
        if (rejected.isPresent()) {
            return rejected.get();
        }
        List<MigProfile> ordered = profiles.stream().sorted(StartSearch.ORDER).toList();
        Optional<int[]> starts = StartSearch.search(ordered, geometry.placementUnits());
        if (starts.isEmpty()) {
            return new LayoutResult.Rejected(MigCode.MIG_LAYOUT_DOES_NOT_FIT, budget(geometry, profiles)
                    + "; the totals fit, but the profiles' allowed starts cannot be chosen without overlap ("
                    + ordered.stream().distinct().map(p -> p.name() + " may start at " + p.starts())
                            .collect(Collectors.joining(", "))
                    + "); drop a partition or use smaller profiles");
        }
        List<MigPartition> partitions = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            MigProfile p = ordered.get(i);
            partitions.add(new MigPartition(p.name(), starts.get()[i], p.memoryMiB()));
        }
        partitions.sort(Comparator.comparingInt(MigPartition::start));
        return new LayoutResult.Realized(partitions);
    }

    /** True when the (resolved) profiles fit one GPU of this geometry. */
    public static boolean fits(MigGeometry geometry, List<MigProfile> profiles) {
        if (profiles.isEmpty() || check(geometry, profiles).isPresent()) {
            return false;
        }
        List<MigProfile> ordered = profiles.stream().sorted(StartSearch.ORDER).toList();
        return StartSearch.search(ordered, geometry.placementUnits()).isPresent();
    }

    /**
     * Every non-empty multiset of profiles that fits one GPU, each listed in catalog profile order
     * with repeats. Order: by count vector over the catalog's profile order, lexicographically
     * ascending (the first layouts are those with the fewest of the first profile).
     *
     * @param baseProfilesOnly only profiles without a {@code +}/{@code -} suffix
     */
    public static List<List<MigProfile>> allValidLayouts(MigGeometry geometry, boolean baseProfilesOnly) {
        List<MigProfile> candidates = candidates(geometry, baseProfilesOnly);
        List<List<MigProfile>> out = new ArrayList<>();
        enumerate(geometry, candidates, 0, new ArrayList<>(), out);
        return out;
    }

    /**
     * True when the layout fits and no single further profile (of the base profiles, or of all
     * profiles) can be added to it.
     */
    public static boolean isMaximal(MigGeometry geometry, List<MigProfile> layout, boolean baseProfilesOnly) {
        if (!fits(geometry, layout)) {
            return false;
        }
        for (MigProfile p : candidates(geometry, baseProfilesOnly)) {
            List<MigProfile> bigger = new ArrayList<>(layout);
            bigger.add(p);
            if (fits(geometry, bigger)) {
                return false;
            }
        }
        return true;
    }

    private static List<MigProfile> candidates(MigGeometry geometry, boolean baseProfilesOnly) {
        Predicate<MigProfile> keep = baseProfilesOnly ? MediaRules::base : p -> true;
        return geometry.profiles().stream().filter(keep).toList();
    }

    // Feasibility only shrinks as instances are added (every rule is monotone), so a count that
    // fails ends the loop over larger counts of the same profile.
    private static void enumerate(MigGeometry geometry, List<MigProfile> candidates, int index,
            List<MigProfile> current, List<List<MigProfile>> out) {
        if (index == candidates.size()) {
            if (!current.isEmpty()) {
                out.add(List.copyOf(current));
            }
            return;
        }
        MigProfile p = candidates.get(index);
        int before = current.size();
        enumerate(geometry, candidates, index + 1, current, out);
        for (int count = 1; count <= p.maxCount(); count++) {
            current.add(p);
            if (!fits(geometry, current)) {
                break;
            }
            enumerate(geometry, candidates, index + 1, current, out);
        }
        current.subList(before, current.size()).clear();
    }

    /** The budget, count and media checks that need no search; empty when all pass. */
    private static Optional<LayoutResult.Rejected> check(MigGeometry geometry, List<MigProfile> profiles) {
        int compute = profiles.stream().mapToInt(MigProfile::computeSlices).sum();
        if (compute > geometry.computeSlices()) {
            return Optional.of(new LayoutResult.Rejected(MigCode.MIG_LAYOUT_DOES_NOT_FIT,
                    budget(geometry, profiles) + "; drop a partition or use smaller profiles"));
        }
        Map<MigProfile, Integer> counts = new LinkedHashMap<>();
        for (MigProfile p : geometry.profiles()) {
            int n = (int) profiles.stream().filter(p::equals).count();
            if (n > 0) {
                counts.put(p, n);
            }
        }
        List<String> over = counts.entrySet().stream()
                .filter(e -> e.getValue() > e.getKey().maxCount())
                .map(e -> e.getKey().name() + " appears " + e.getValue() + " times, at most "
                        + e.getKey().maxCount() + " fit one GPU")
                .toList();
        if (!over.isEmpty()) {
            return Optional.of(new LayoutResult.Rejected(MigCode.MIG_PROFILE_COUNT_EXCEEDED,
                    String.join("; ", over) + "; lower the count or use another profile for the rest"));
        }
        long media = profiles.stream().filter(MediaRules::mediaExtension).count();
        if (media > MediaRules.MAX_MEDIA_EXTENSION) {
            return Optional.of(new LayoutResult.Rejected(MigCode.MIG_PROFILE_COUNT_EXCEEDED,
                    "the layout has " + media + " +me (media extension) instances, at most "
                            + MediaRules.MAX_MEDIA_EXTENSION + " fits one GPU; use the profile without +me for the others"));
        }
        for (int i = 0; i < profiles.size(); i++) {
            MigProfile allMedia = profiles.get(i);
            if (!MediaRules.allMedia(allMedia)) {
                continue;
            }
            // Every other instance, a second copy of this very profile included, must be -me.
            List<MigProfile> others = new ArrayList<>(profiles);
            others.remove(i);
            List<String> clash = others.stream().filter(p -> !MediaRules.noMedia(p))
                    .map(MigProfile::name).distinct().toList();
            if (!clash.isEmpty()) {
                return Optional.of(new LayoutResult.Rejected(MigCode.MIG_ME_ALL_EXCLUSIVE,
                        allMedia.name() + " takes every media engine, so only -me profiles may sit beside it, not "
                                + String.join(", ", clash) + "; use their -me variants or drop the +me.all profile"));
            }
            break;
        }
        int units = profiles.stream().mapToInt(MigProfile::size).sum();
        if (units > geometry.placementUnits()) {
            return Optional.of(new LayoutResult.Rejected(MigCode.MIG_LAYOUT_DOES_NOT_FIT,
                    budget(geometry, profiles) + "; drop a partition or use smaller profiles"));
        }
        return Optional.empty();
    }

    private static String budget(MigGeometry geometry, List<MigProfile> profiles) {
        int compute = profiles.stream().mapToInt(MigProfile::computeSlices).sum();
        int units = profiles.stream().mapToInt(MigProfile::size).sum();
        return "the layout asks for " + compute + " compute slices and " + units
                + " placement units; one GPU offers " + geometry.computeSlices() + " compute slices and "
                + geometry.placementUnits() + " placement units";
    }

    private static String validNames(MigGeometry geometry) {
        return geometry.profiles().stream().map(MigProfile::name).collect(Collectors.joining(", "));
    }
}
