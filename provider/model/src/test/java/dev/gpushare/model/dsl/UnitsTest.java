package dev.gpushare.model.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UnitsTest {

    @ParameterizedTest(name = "{0} GiB = {1} MiB")
    @CsvSource({
            "0, 0",
            "1, 1024",          // 1 × 1024
            "4, 4096",          // 4 × 1024
            "80, 81920",        // an H100's 80 GiB: 80 × 1024
            "2048, 2097152",    // 2 TiB of host memory: 2048 × 1024
    })
    void gibAreConvertedToMib(int gib, int expectedMib) {
        assertThat(Units.gib(gib)).isEqualTo(Mib.of(expectedMib));
        assertThat(Mib.gib(gib).value()).isEqualTo(expectedMib);
    }

    @ParameterizedTest(name = "{0} vCPU = {1} CPU units")
    @CsvSource({
            "0, 0",
            "1, 1024",   // 1 × 1024
            "2, 2048",   // 2 × 1024
            "48, 49152", // 48 × 1024
    })
    void vcpusAreConvertedToCpuUnits(int vcpus, int expectedUnits) {
        assertThat(Units.vcpu(vcpus)).isEqualTo(Units.cpuUnits(expectedUnits));
        assertThat(CpuUnits.vcpu(vcpus).value()).isEqualTo(expectedUnits);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, -1024, Integer.MIN_VALUE})
    void negativeAmountsAreRefused(int negative) {
        assertThatThrownBy(() -> Units.mib(negative)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("MiB");
        assertThatThrownBy(() -> Units.percent(negative)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("%");
        assertThatThrownBy(() -> Units.cpuUnits(negative)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CPU units");
        assertThatThrownBy(() -> Units.gib(negative)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Units.vcpu(negative)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {2_097_152, Integer.MAX_VALUE}) // 2,097,152 × 1024 = 2^31, one past int
    void conversionsThatOverflowAreRefusedRatherThanWrapped(int big) {
        assertThatThrownBy(() -> Units.gib(big)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Units.vcpu(big)).isInstanceOf(ArithmeticException.class);
    }
}
