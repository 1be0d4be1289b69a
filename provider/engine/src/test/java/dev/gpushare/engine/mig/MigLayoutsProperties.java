package dev.gpushare.engine.mig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.state.MigPartition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link MigLayouts#realize} against a brute-force oracle written independently here: it tries
 * every start of every instance (no ordering, no symmetry breaking) and applies the rules
 * literally.
 */
class MigLayoutsProperties {

    /** A geometry and a multiset of its profiles (by index, repeats allowed). */
    record Case(MigGeometry geometry, List<MigProfile> layout) {
        List<String> names() {
            return layout.stream().map(MigProfile::name).toList();
        }
    }

    @Provide
    Arbitrary<Case> catalogCases() {
        List<MigGeometry> geometries = Catalog.builtIn().gpuModels().stream()
                .filter(GpuModel::migCapable).map(GpuModel::mig).toList();
        return Arbitraries.of(geometries).flatMap(this::layouts);
    }

    /** Small made-up geometries, so that fragmentation (totals fit, starts clash) also occurs. */
    @Provide
    Arbitrary<Case> syntheticCases() {
        Arbitrary<MigGeometry> geometries = Arbitraries.integers().between(1, 12).flatMap(units ->
                Combinators.combine(
                        Arbitraries.integers().between(1, 8),
                        syntheticProfile(units).list().ofMinSize(1).ofMaxSize(4)
                                .uniqueElements(MigProfile::name))
                        .as((slices, profiles) -> new MigGeometry(units, slices, profiles)));
        return geometries.flatMap(this::layouts);
    }

    private Arbitrary<MigProfile> syntheticProfile(int units) {
        return Arbitraries.integers().between(1, units).flatMap(size -> Combinators.combine(
                Arbitraries.of("1g.a", "2g.b", "1g.c", "3g.d"),
                Arbitraries.of("", "", "+me", "-me", "+me.all"),
                Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(0, units - size).set().ofMinSize(1),
                Arbitraries.integers().between(1, 4))
                .as((base, suffix, slices, starts, max) -> new MigProfile(
                        base + suffix, 0, slices, size, starts.stream().sorted().toList(), max, 100L * size)));
    }

    private Arbitrary<Case> layouts(MigGeometry g) {
        return Arbitraries.integers().between(0, g.profiles().size() - 1).list().ofMinSize(1).ofMaxSize(7)
                .map(idx -> new Case(g, idx.stream().map(g.profiles()::get).toList()));
    }

    @Property(tries = 400)
    void catalogLayoutsAgreeWithBruteForce(@ForAll("catalogCases") Case c) {
        checkAgainstOracle(c);
    }

    @Property(tries = 600)
    void syntheticLayoutsAgreeWithBruteForce(@ForAll("syntheticCases") Case c) {
        checkAgainstOracle(c);
    }

    @Property(tries = 200)
    void realizeIgnoresOrderAndPrefix(@ForAll("catalogCases") Case c, @ForAll long seed) {
        List<String> shuffled = new ArrayList<>(c.names().stream().map(n -> "mig-" + n).toList());
        Collections.shuffle(shuffled, new Random(seed));

        assertThat(MigLayouts.realize(c.geometry(), shuffled)).isEqualTo(MigLayouts.realize(c.geometry(), c.names()));
    }

    private static void checkAgainstOracle(Case c) {
        MigGeometry g = c.geometry();
        LayoutResult result = MigLayouts.realize(g, c.names());
        String ruleBroken = rulesBroken(g, c.layout());
        int[] smallest = ruleBroken == null ? smallestAssignment(g, ordered(c.layout())) : null;

        switch (result) {
            case LayoutResult.Realized r -> {
                assertThat(ruleBroken).as("realized although a rule is broken").isNull();
                assertThat(smallest).as("realized although brute force finds no placement").isNotNull();
                checkInvariants(g, c.layout(), r.partitions());
                // Deterministic choice: the lexicographically smallest start vector in search order.
                List<MigProfile> ordered = ordered(c.layout());
                List<String> expected = IntStream.range(0, ordered.size())
                        .mapToObj(i -> ordered.get(i).name() + "@" + smallest[i]).sorted().toList();
                assertThat(r.partitions().stream().map(p -> p.profile() + "@" + p.start()).sorted().toList())
                        .isEqualTo(expected);
            }
            case LayoutResult.Rejected r -> {
                assertThat(Arrays.stream(MigCode.values()).map(Enum::name)).contains(r.code().name());
                assertThat(ruleBroken != null || smallest == null).as("rejected a placeable layout: " + r).isTrue();
                if (ruleBroken == null) {
                    assertThat(r.code().name()).isEqualTo("MIG_LAYOUT_DOES_NOT_FIT");
                }
            }
        }
    }

    private static void checkInvariants(MigGeometry g, List<MigProfile> layout, List<MigPartition> parts) {
        assertThat(parts).hasSize(layout.size());
        assertThat(parts).isSortedAccordingTo(Comparator.comparingInt(MigPartition::start));
        assertThat(parts.stream().map(MigPartition::profile).sorted().toList())
                .isEqualTo(layout.stream().map(MigProfile::name).sorted().toList());
        boolean[] used = new boolean[g.placementUnits()];
        int compute = 0;
        for (MigPartition part : parts) {
            MigProfile p = g.profile(part.profile()).orElseThrow();
            assertThat(p.starts()).contains(part.start());
            assertThat(part.memoryMiB()).isEqualTo(p.memoryMiB());
            assertThat(part.start() + p.size()).isLessThanOrEqualTo(g.placementUnits());
            for (int u = part.start(); u < part.start() + p.size(); u++) {
                assertThat(used[u]).as("unit %d used twice", u).isFalse();
                used[u] = true;
            }
            compute += p.computeSlices();
            assertThat(parts.stream().filter(x -> x.profile().equals(p.name())).count()).isLessThanOrEqualTo(p.maxCount());
        }
        assertThat(compute).isLessThanOrEqualTo(g.computeSlices());
    }

    /** The non-spatial rules (V3, V4, V5), read literally; null when all hold. */
    private static String rulesBroken(MigGeometry g, List<MigProfile> layout) {
        for (MigProfile p : g.profiles()) {
            if (layout.stream().filter(p::equals).count() > p.maxCount()) {
                return "count of " + p.name();
            }
        }
        if (layout.stream().filter(p -> p.name().endsWith("+me")).count() > 1) {
            return "more than one +me";
        }
        for (int i = 0; i < layout.size(); i++) {
            if (layout.get(i).name().endsWith("+me.all")) {
                for (int j = 0; j < layout.size(); j++) {
                    if (j != i && !layout.get(j).name().endsWith("-me")) {
                        return "+me.all beside " + layout.get(j).name();
                    }
                }
            }
        }
        if (layout.stream().mapToInt(MigProfile::computeSlices).sum() > g.computeSlices()) {
            return "compute";
        }
        return null;
    }

    /** The instances in the documented search order: size desc, compute desc, name. */
    private static List<MigProfile> ordered(List<MigProfile> layout) {
        return layout.stream().sorted(Comparator.comparingInt(MigProfile::size).reversed()
                .thenComparing(Comparator.comparingInt(MigProfile::computeSlices).reversed())
                .thenComparing(MigProfile::name)).toList();
    }

    /** Every overlap-free assignment, keeping the lexicographically smallest; null if none. */
    private static int[] smallestAssignment(MigGeometry g, List<MigProfile> instances) {
        int[][] best = {null};
        walk(g, instances, 0, new boolean[g.placementUnits()], new int[instances.size()], best);
        return best[0];
    }

    private static void walk(MigGeometry g, List<MigProfile> inst, int i, boolean[] used, int[] cur, int[][] best) {
        if (i == inst.size()) {
            if (best[0] == null || Arrays.compare(cur, best[0]) < 0) {
                best[0] = cur.clone();
            }
            return;
        }
        MigProfile p = inst.get(i);
        for (int s : p.starts()) {
            if (s + p.size() > g.placementUnits() || IntStream.range(s, s + p.size()).anyMatch(u -> used[u])) {
                continue;
            }
            IntStream.range(s, s + p.size()).forEach(u -> used[u] = true);
            cur[i] = s;
            walk(g, inst, i + 1, used, cur, best);
            IntStream.range(s, s + p.size()).forEach(u -> used[u] = false);
        }
    }
}
