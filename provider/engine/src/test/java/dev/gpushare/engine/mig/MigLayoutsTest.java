package dev.gpushare.engine.mig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.state.MigPartition;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MigLayoutsTest {

    static MigGeometry geometry(String model) {
        return Catalog.builtIn().gpuModel(model).orElseThrow().mig();
    }

    /**
     * Layouts that fit, with the starts worked out by hand. The search takes instances by size
     * descending, then compute slices descending, then name, each at its smallest free allowed
     * start; the result is listed by start as "profile@start".
     */
    static Stream<Arguments> realized() {
        return Stream.of(
                // 4g and 3g both take 4 units; 4g (4 slices) goes first: only start 0. 3g may start
                // at 0 or 4, 0 is taken -> 4.
                Arguments.of("A100-40GB", List.of("mig-3g.20gb", "mig-4g.20gb"), List.of("4g.20gb@0", "3g.20gb@4")),
                // one-unit 1g starts at 0..6: seven of them fill 0..6, unit 7 stays free.
                Arguments.of("A100-40GB", List.of("1g.5gb", "1g.5gb", "1g.5gb", "1g.5gb", "1g.5gb", "1g.5gb", "1g.5gb"),
                        List.of("1g.5gb@0", "1g.5gb@1", "1g.5gb@2", "1g.5gb@3", "1g.5gb@4", "1g.5gb@5", "1g.5gb@6")),
                // 1g.10gb on the 40 GB card is two units at 0,2,4,6: four of them fill all 8 units.
                Arguments.of("A100-40GB", List.of("1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"),
                        List.of("1g.10gb@0", "1g.10gb@2", "1g.10gb@4", "1g.10gb@6")),
                // 3g first: start 0. 2g (starts 0,2,4) -> 4. The 1g.10gb pair: 6, then 7 is not an
                // allowed start, so backtrack: 2g can go nowhere else after 4 (6 is not allowed),
                // so 3g moves to 4; 2g -> 0; 1g -> 2, 3.
                Arguments.of("H100-80GB", List.of("3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb"),
                        List.of("2g.20gb@0", "1g.10gb@2", "1g.10gb@3", "3g.40gb@4")),
                // 4g@0; 1g.20gb (2 units, starts 0,2,4,6) -> 4; the two one-unit 1g: 6, then 7 is
                // not allowed -> backtrack: 1g.20gb -> 6; 1g.10gb -> 4, 5.
                Arguments.of("H100-80GB", List.of("1g.10gb", "4g.40gb", "1g.10gb", "1g.20gb"),
                        List.of("4g.40gb@0", "1g.10gb@4", "1g.10gb@5", "1g.20gb@6")),
                // The 7-slice template holds for H200's names too: 7g takes all 8 units at 0.
                Arguments.of("H200-141GB", List.of("mig-7g.141gb"), List.of("7g.141gb@0")),
                // RTX PRO 6000 has 12 units: 2g is 6 units at 0 or 6 -> 0; each 1g is 3 units at
                // 0,3,6,9 -> 6 and 9 (the layout created on real hardware).
                Arguments.of("RTX-PRO-6000", List.of("2g.48gb", "1g.24gb", "1g.24gb"),
                        List.of("2g.48gb@0", "1g.24gb@6", "1g.24gb@9")),
                // +me.all with only -me neighbours: all four are 3 units with one slice; by name
                // "+me.all" < "-me" ('+' sorts before '-'), so +me.all@0 and -me at 3, 6, 9.
                Arguments.of("RTX-PRO-6000", List.of("1g.24gb-me", "1g.24gb+me.all", "1g.24gb-me", "1g.24gb-me"),
                        List.of("1g.24gb+me.all@0", "1g.24gb-me@3", "1g.24gb-me@6", "1g.24gb-me@9")),
                // A30 (4 units): 2g (starts 0,2) -> 0; 1g (starts 0..3) -> 2, 3.
                Arguments.of("A30", List.of("1g.6gb", "2g.12gb", "1g.6gb"), List.of("2g.12gb@0", "1g.6gb@2", "1g.6gb@3")),
                // A30: the plain 2g sorts before 2g+me by name -> 0; 2g+me -> 2.
                Arguments.of("A30", List.of("mig-2g.12gb+me", "mig-2g.12gb"), List.of("2g.12gb@0", "2g.12gb+me@2")),
                // A30: one +me beside plain 1g is fine: 2g@0, then "1g.6gb" < "1g.6gb+me" -> 2, 3.
                Arguments.of("A30", List.of("1g.6gb+me", "1g.6gb", "2g.12gb"),
                        List.of("2g.12gb@0", "1g.6gb@2", "1g.6gb+me@3")),
                Arguments.of("A30", List.of("4g.24gb"), List.of("4g.24gb@0")));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("realized")
    void realizes(String model, List<String> layout, List<String> expected) {
        LayoutResult result = MigLayouts.realize(geometry(model), layout);

        assertThat(result).isInstanceOf(LayoutResult.Realized.class);
        List<MigPartition> partitions = ((LayoutResult.Realized) result).partitions();
        assertThat(partitions).extracting(p -> p.profile() + "@" + p.start()).containsExactlyElementsOf(expected);
    }

    @Test
    void partitionsCarryTheProfileMemory() {
        // A100-40GB observed -lgip: 4g.20gb and 3g.20gb are both 19.50 GiB = 19968 MiB.
        LayoutResult result = MigLayouts.realize(geometry("A100-40GB"), List.of("mig-3g.20gb", "mig-4g.20gb"));

        assertThat(((LayoutResult.Realized) result).partitions())
                .containsExactly(new MigPartition("4g.20gb", 0, 19968), new MigPartition("3g.20gb", 4, 19968));
    }

    /** Layouts that cannot exist, with the code and a fragment the message must contain. */
    static Stream<Arguments> rejected() {
        return Stream.of(
                Arguments.of("A100-40GB", List.of(), "MIG_EMPTY_LAYOUT", "empty"),
                // 4 + 4 = 8 compute slices > 7 (checked before the 4g max count of 1).
                Arguments.of("A100-40GB", List.of("4g.20gb", "4g.20gb"), "MIG_LAYOUT_DOES_NOT_FIT",
                        "asks for 8 compute slices and 8 placement units; one GPU offers 7 compute slices and 8"),
                // 3 x 3 = 9 compute slices > 7.
                Arguments.of("A100-40GB", List.of("3g.20gb", "3g.20gb", "3g.20gb"), "MIG_LAYOUT_DOES_NOT_FIT",
                        "asks for 9 compute slices and 12 placement units"),
                // Five two-unit 1g: compute 5 <= 7, but at most 4 of them.
                Arguments.of("A100-40GB", List.of("1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"),
                        "MIG_PROFILE_COUNT_EXCEEDED", "1g.10gb appears 5 times, at most 4"),
                // 3g.40gb is an 80 GB name: unknown on the 40 GB card; the message lists the valid ones.
                Arguments.of("A100-40GB", List.of("mig-3g.40gb"), "MIG_UNKNOWN_PROFILE",
                        "'mig-3g.40gb' is not offered by this GPU; valid profiles: 1g.5gb, 1g.5gb+me, 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb"),
                Arguments.of("H100-80GB", List.of("1g.10gb+me", "1g.10gb+me"), "MIG_PROFILE_COUNT_EXCEEDED",
                        "1g.10gb+me appears 2 times, at most 1"),
                // A30: two different +me profiles, each within its own max of 1: still one +me per GPU.
                Arguments.of("A30", List.of("1g.6gb+me", "2g.12gb+me"), "MIG_PROFILE_COUNT_EXCEEDED",
                        "2 +me (media extension) instances, at most 1"),
                // A30: 4 + 1 = 5 compute slices > 4.
                Arguments.of("A30", List.of("4g.24gb", "1g.6gb"), "MIG_LAYOUT_DOES_NOT_FIT",
                        "asks for 5 compute slices and 5 placement units; one GPU offers 4 compute slices and 4"),
                Arguments.of("A30", List.of("2g.12gb", "2g.12gb", "2g.12gb"), "MIG_LAYOUT_DOES_NOT_FIT",
                        "asks for 6 compute slices"),
                Arguments.of("A30", List.of("1g.6gb+me", "1g.6gb+me"), "MIG_PROFILE_COUNT_EXCEEDED",
                        "1g.6gb+me appears 2 times, at most 1"),
                Arguments.of("RTX-PRO-6000", List.of("1g.24gb+me.all", "1g.24gb"), "MIG_ME_ALL_EXCLUSIVE",
                        "only -me profiles may sit beside it, not 1g.24gb"),
                // Two +me.all: the first in catalog order (1g) reports the other, whatever the input order.
                Arguments.of("RTX-PRO-6000", List.of("2g.48gb+me.all", "1g.24gb+me.all"), "MIG_ME_ALL_EXCLUSIVE",
                        "1g.24gb+me.all takes every media engine, so only -me profiles may sit beside it, not 2g.48gb+me.all"),
                // 2g.48gb x3: compute 6 > 4.
                Arguments.of("RTX-PRO-6000", List.of("2g.48gb", "2g.48gb", "2g.48gb"), "MIG_LAYOUT_DOES_NOT_FIT",
                        "asks for 6 compute slices and 18 placement units; one GPU offers 4 compute slices and 12"),
                // Unknown names are listed sorted, so the message does not depend on their order.
                Arguments.of("RTX-PRO-6000", List.of("1g.24gb", "bogus", "3g.x"), "MIG_UNKNOWN_PROFILE",
                        "MIG profiles '3g.x', 'bogus' are not offered"));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("rejected")
    void rejects(String model, List<String> layout, String code, String messagePart) {
        LayoutResult result = MigLayouts.realize(geometry(model), layout);

        assertThat(result).isInstanceOf(LayoutResult.Rejected.class);
        LayoutResult.Rejected r = (LayoutResult.Rejected) result;
        assertThat(r.code().name()).isEqualTo(code);
        assertThat(r.message()).contains(messagePart);
    }

    @Test
    void fragmentationIsReportedWhenTheTotalsFit() {
        // No catalog GPU has a layout whose totals fit but whose starts clash (§5.2: placement
        // alone enforces the budget there), so a made-up geometry: 4 units, a 2-unit profile that
        // may only start at 0. Two of them: 2 slices, 4 units fit the totals, but both want unit 0.
        MigGeometry g = new MigGeometry(4, 4, List.of(new MigProfile("1g.x", 1, 1, 2, List.of(0), 2, 100)));

        LayoutResult result = MigLayouts.realize(g, List.of("1g.x", "1g.x"));

        assertThat(result).isInstanceOf(LayoutResult.Rejected.class);
        LayoutResult.Rejected r = (LayoutResult.Rejected) result;
        assertThat(r.code().name()).isEqualTo("MIG_LAYOUT_DOES_NOT_FIT");
        assertThat(r.message()).contains("asks for 2 compute slices and 4 placement units")
                .contains("cannot be chosen without overlap").contains("1g.x may start at [0]");
    }

    @Test
    void theSameMultisetGetsTheSameStartsInAnyOrder() {
        MigGeometry g = geometry("H100-80GB");
        List<String> a = List.of("1g.10gb", "2g.20gb", "1g.20gb", "3g.40gb");
        List<String> b = List.of("3g.40gb", "1g.20gb", "mig-2g.20gb", "mig-1g.10gb");

        assertThat(MigLayouts.realize(g, a)).isEqualTo(MigLayouts.realize(g, b));
    }

    @Test
    void everyRejectionCodeIsDocumented() {
        assertThat(Arrays.stream(MigCode.values()).map(Enum::name)).containsExactlyInAnyOrder(
                "MIG_EMPTY_LAYOUT", "MIG_UNKNOWN_PROFILE", "MIG_PROFILE_COUNT_EXCEEDED",
                "MIG_ME_ALL_EXCLUSIVE", "MIG_LAYOUT_DOES_NOT_FIT");
        assertThat(MigCode.values()).allSatisfy(c -> {
            assertThat(c.cause()).isNotBlank().endsWith(".");
            assertThat(c.fix()).isNotBlank().endsWith(".");
        });
    }
}
