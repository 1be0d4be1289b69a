package dev.gpushare.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecRecordTest {
    @Test
    void fractionKeepsItsScaleWithoutTrailingZeros() {
        // 0.250 and 0.25 are the same request; equality must not depend on how it was written.
        assertThat(new GpuRequirement.Fraction(new BigDecimal("0.250")))
                .isEqualTo(new GpuRequirement.Fraction(new BigDecimal("0.25")));
    }

    @Test
    void listsAreCopiedSoTheRecordIsImmutable() {
        var layout = new java.util.ArrayList<>(List.of("3g.40gb"));
        var mig = new GpuSharing.Mig(layout);
        layout.add("4g.40gb");
        assertThat(mig.partitionLayout()).containsExactly("3g.40gb");
    }
}
