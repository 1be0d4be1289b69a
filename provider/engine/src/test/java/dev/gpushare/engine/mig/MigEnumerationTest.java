package dev.gpushare.engine.mig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Counts of valid layouts against nvidia-partitioning.md §5.2 (our exhaustive enumeration there). */
class MigEnumerationTest {

    static MigGeometry geometry(String model) {
        return Catalog.builtIn().gpuModel(model).orElseThrow().mig();
    }

    static MigGeometry without(MigGeometry g, String profile) {
        return new MigGeometry(g.placementUnits(), g.computeSlices(),
                g.profiles().stream().filter(p -> !p.name().equals(profile)).toList());
    }

    static Stream<Arguments> counts() {
        return Stream.of(
                // 7-slice template, base profiles: 77 feasible, 28 maximal — on every 7-slice model.
                Arguments.of("H100-80GB", geometry("H100-80GB"), 77, 28),
                Arguments.of("A100-40GB", geometry("A100-40GB"), 77, 28),
                Arguments.of("A100-80GB", geometry("A100-80GB"), 77, 28),
                Arguments.of("H200-141GB", geometry("H200-141GB"), 77, 28),
                Arguments.of("B200-180GB", geometry("B200-180GB"), 77, 28),
                // Without the two-unit 1g (A100-40GB before R525): 37 / 12.
                Arguments.of("A100-40GB without 1g.10gb", without(geometry("A100-40GB"), "1g.10gb"), 37, 12),
                Arguments.of("H100-80GB without 1g.20gb", without(geometry("H100-80GB"), "1g.20gb"), 37, 12),
                // 4-slice boards, base profiles 1g, 2g, 4g: 9 / 4 (on 4 units and on 12 units alike).
                Arguments.of("A30", geometry("A30"), 9, 4),
                Arguments.of("RTX-PRO-6000", geometry("RTX-PRO-6000"), 9, 4));
    }

    @ParameterizedTest(name = "{0}: {2} feasible, {3} maximal")
    @MethodSource("counts")
    void countsMatchTheReference(String label, MigGeometry g, int feasible, int maximal) {
        List<List<MigProfile>> layouts = MigLayouts.allValidLayouts(g, true);

        assertThat(layouts).hasSize(feasible);
        assertThat(layouts.stream().filter(l -> MigLayouts.isMaximal(g, l, true))).hasSize(maximal);
        assertThat(new HashSet<>(layouts.stream().map(MigEnumerationTest::key).toList())).hasSize(feasible);
        assertThat(layouts).allSatisfy(l -> {
            assertThat(l).isNotEmpty().allMatch(p -> !p.hasSuffix());
            assertThat(MigLayouts.realize(g, l.stream().map(MigProfile::name).toList()))
                    .isInstanceOf(LayoutResult.Realized.class);
            // §5.2: placement alone keeps Σg within the GPU's slices.
            assertThat(l.stream().mapToInt(MigProfile::computeSlices).sum()).isLessThanOrEqualTo(g.computeSlices());
        });
    }

    @Test
    void theMaximalSevenSliceLayoutsAreTheReferenceList() {
        // The 28 rows of §5.2 with the H100-80GB names, as profile -> count.
        List<String> expected = List.of(
                "7g.80gb", "4g.40gb+3g.40gb", "4g.40gb+2g.20gb+1g.10gb", "4g.40gb+2g.20gb+1g.20gb",
                "4g.40gb+1g.10gbx3", "4g.40gb+1g.20gb+1g.10gbx2", "3g.40gb+2g.20gbx2", "3g.40gb+2g.20gb+1g.10gbx2",
                "3g.40gb+1g.10gbx4", "2g.20gbx3+1g.10gb", "2g.20gbx3+1g.20gb", "2g.20gbx2+1g.10gbx3",
                "2g.20gbx2+1g.20gb+1g.10gbx2", "2g.20gb+1g.10gbx5", "2g.20gb+1g.20gb+1g.10gbx4", "1g.10gbx7",
                "1g.20gb+1g.10gbx6",
                "3g.40gbx2", "3g.40gb+2g.20gb+1g.20gb", "3g.40gb+1g.20gb+1g.10gbx2", "4g.40gb+1g.20gbx2",
                "2g.20gbx2+1g.20gbx2", "2g.20gb+1g.20gbx2+1g.10gbx2", "1g.20gbx2+1g.10gbx4",
                "3g.40gb+1g.20gbx2", "2g.20gb+1g.20gbx3", "1g.20gbx3+1g.10gbx2",
                "1g.20gbx4");
        MigGeometry g = geometry("H100-80GB");

        List<String> maximal = MigLayouts.allValidLayouts(g, true).stream()
                .filter(l -> MigLayouts.isMaximal(g, l, true)).map(MigEnumerationTest::key).toList();

        assertThat(maximal).containsExactlyInAnyOrderElementsOf(
                expected.stream().map(MigEnumerationTest::normalizeKey).toList());
    }

    @Test
    void aLayoutWithRoomLeftIsNotMaximal() {
        MigGeometry g = geometry("H100-80GB");
        MigProfile fourG = g.profile("4g.40gb").orElseThrow();

        assertThat(MigLayouts.isMaximal(g, List.of(fourG), true)).isFalse();
        assertThat(MigLayouts.isMaximal(g, List.of(fourG, g.profile("3g.40gb").orElseThrow()), true)).isTrue();
        assertThat(MigLayouts.isMaximal(g, List.of(fourG, fourG), true)).as("not even valid").isFalse();
    }

    @Test
    void enumerationIsDeterministicAndCoversVariants() {
        MigGeometry g = geometry("RTX-PRO-6000");

        List<List<MigProfile>> all = MigLayouts.allValidLayouts(g, false);

        assertThat(all).isEqualTo(MigLayouts.allValidLayouts(g, false));
        assertThat(all.size()).isGreaterThan(9);
        assertThat(all).allSatisfy(l -> assertThat(MigLayouts.fits(g, l)).isTrue());
        // The first layouts are the ones without the first catalog profile (1g.24gb): the last
        // profile alone comes first.
        assertThat(all.getFirst()).extracting(MigProfile::name).containsExactly("4g.96gb+gfx");
    }

    /** "a+bx2" form, profiles in descending name order, so keys compare as multisets. */
    private static String key(List<MigProfile> layout) {
        Map<String, Long> counts = new TreeMap<String, Long>(java.util.Comparator.reverseOrder());
        counts.putAll(layout.stream().collect(Collectors.groupingBy(MigProfile::name, Collectors.counting())));
        return counts.entrySet().stream().map(e -> e.getValue() == 1 ? e.getKey() : e.getKey() + "x" + e.getValue())
                .collect(Collectors.joining("+"));
    }

    private static String normalizeKey(String written) {
        Map<String, Long> counts = new TreeMap<String, Long>(java.util.Comparator.reverseOrder());
        for (String part : written.split("\\+")) {
            String[] nameCount = part.split("x");
            counts.merge(nameCount[0], nameCount.length == 1 ? 1L : Long.parseLong(nameCount[1]), Long::sum);
        }
        return counts.entrySet().stream().map(e -> e.getValue() == 1 ? e.getKey() : e.getKey() + "x" + e.getValue())
                .collect(Collectors.joining("+"));
    }
}
