package dev.gpushare.model.dsl;

import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each DSL form gives the model record the document form gives (CONTRACT.md §1 table). */
class GpuAndSharingTest {

    static Stream<Arguments> gpuForms() {
        return Stream.of(
                Arguments.of("2", Gpu.whole(2), new GpuRequirement.Whole(2)),
                Arguments.of("\"ALL\"", Gpu.all(), new GpuRequirement.All()),
                Arguments.of("0.125", Gpu.fraction(Fraction.EIGHTH), new GpuRequirement.Fraction(new BigDecimal("0.125"))),
                Arguments.of("0.25", Gpu.fraction(Fraction.QUARTER), new GpuRequirement.Fraction(new BigDecimal("0.25"))),
                Arguments.of("0.5", Gpu.fraction(Fraction.HALF), new GpuRequirement.Fraction(new BigDecimal("0.5"))),
                // gib(4) = 4 × 1024 = 4096 MiB
                Arguments.of("{nvidiaMps: {memory: 4096}}", Gpu.mps(Units.gib(4)), new GpuRequirement.NvidiaMps(4096, null)),
                Arguments.of("{nvidiaMps: {memory: 4096, maxComputePercent: 25}}", Gpu.mps(mib(4096), percent(25)),
                        new GpuRequirement.NvidiaMps(4096, 25)),
                Arguments.of("{partition: 3g.40gb}", Gpu.partition(MigProfileName.of("3g.40gb")),
                        new GpuRequirement.Partition("3g.40gb")),
                Arguments.of("{partition: mig-1g.10gb}", Gpu.partition("mig-1g.10gb"),
                        new GpuRequirement.Partition("mig-1g.10gb")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gpuForms")
    void gpuFormsGiveTheModelRecord(String documentForm, Gpu dsl, GpuRequirement expected) {
        assertThat(dsl.toModel()).isEqualTo(expected);
    }

    static Stream<Arguments> sharingForms() {
        return Stream.of(
                Arguments.of("{strategy: MPS}", Sharing.mps(), new GpuSharing.Mps(null)),
                Arguments.of("{strategy: MPS, maxClientsPerGpu: 8}", Sharing.mps().maxClientsPerGpu(8),
                        new GpuSharing.Mps(8)),
                Arguments.of("{strategy: EXCLUSIVE}", Sharing.exclusive(), new GpuSharing.Exclusive()),
                Arguments.of("{strategy: MIG, partitionLayout: [3g.40gb, 4g.40gb]}", Sharing.mig("3g.40gb", "4g.40gb"),
                        new GpuSharing.Mig(List.of("3g.40gb", "4g.40gb"))),
                Arguments.of("{strategy: MIG, partitionLayout: [1g.10gb]} typed",
                        Sharing.mig(MigProfileName.of("1g.10gb")), new GpuSharing.Mig(List.of("1g.10gb"))),
                Arguments.of("{strategy: TIME_SLICING, replicas: 4}", Sharing.timeSlicing(4),
                        new GpuSharing.TimeSlicing(4)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharingForms")
    void sharingFormsGiveTheModelRecord(String documentForm, Sharing dsl, GpuSharing expected) {
        assertThat(dsl.toModel()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharingForms")
    void sharingValuesAreImmutable(String documentForm, Sharing dsl, GpuSharing expected) {
        if (dsl instanceof Sharing.Mps mps) {
            mps.maxClientsPerGpu(48); // returns a new value; the original keeps its setting
        }
        assertThat(dsl.toModel()).isEqualTo(expected);
    }
}
