package dev.gpushare.model.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DSL values that stand for one model value ({@link Gpu}, {@link ContainerDef}, {@link Sharing}):
 * equal when their model values are, within one DSL type, and shown as {@code Type[model]}.
 */
class ModelValueTest {

    @Test
    void equalWhenTheModelValuesAre() {
        assertThat(Gpu.whole(2)).isEqualTo(Gpu.whole(2)).hasSameHashCodeAs(Gpu.whole(2)).isNotEqualTo(Gpu.whole(1));
        assertThat(Gpu.partition("3g.40gb")).isEqualTo(Gpu.partition(MigProfileName.of("3g.40gb")));
        assertThat(ContainerDef.of("m", "img").env("A", "1")).isEqualTo(ContainerDef.of("m", "img").env("A", "1"))
                .isNotEqualTo(ContainerDef.of("m", "img"));
        assertThat(Sharing.mps().maxClientsPerGpu(8)).isEqualTo(Sharing.mps().maxClientsPerGpu(8)).isNotEqualTo(Sharing.mps());
    }

    @Test
    void sharingAndItsMpsAreOneType() {
        // Sharing.mps() is a Sharing.Mps; a Sharing holding the same model is the same value
        assertThat(new Sharing(new GpuSharing.Mps(null))).isEqualTo(Sharing.mps()).hasSameHashCodeAs(Sharing.mps());
        assertThat(Sharing.mps()).isEqualTo(new Sharing(new GpuSharing.Mps(null)));
    }

    @Test
    void valuesOfDifferentTypesDiffer() {
        assertThat((Object) Sharing.exclusive()).isNotEqualTo(Gpu.whole(1)).isNotEqualTo(new GpuSharing.Exclusive());
        assertThat((Object) Gpu.all()).isNotEqualTo(ContainerDef.of("m", "img", Gpu.all()));
    }

    static Stream<Arguments> texts() {
        return Stream.of(
                Arguments.of(Gpu.whole(2), "Gpu[" + new GpuRequirement.Whole(2) + "]"),
                Arguments.of(ContainerDef.of("m", "img"), "ContainerDef[" + new Container("m", "img", null) + "]"),
                Arguments.of(Sharing.exclusive(), "Sharing[" + new GpuSharing.Exclusive() + "]"),
                // the DSL type's name, not the subclass's: Sharing, not Mps
                Arguments.of(Sharing.mps().maxClientsPerGpu(8), "Sharing[" + new GpuSharing.Mps(8) + "]"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("texts")
    void shownAsTypeAndModel(Object dsl, String text) {
        assertThat(dsl).hasToString(text);
    }
}
