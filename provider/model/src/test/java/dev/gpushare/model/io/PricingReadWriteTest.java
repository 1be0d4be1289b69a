package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.Pricing;
import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.Mib;
import dev.gpushare.model.dsl.UsdPerHour;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pricing section and a declared type's perHour: read exactly, written back, equal from the DSL. */
class PricingReadWriteTest {
    private static final String YAML = """
            apiVersion: gpushare.dev/v1
            cluster: priced
            instanceTypes:
              - {name: onprem-8xh100, gpuModel: H100-80GB, gpuCount: 8, vcpus: 192, memoryMiB: 2097152, perHour: 0}
            pricing:
              region: eu-west-1
              discountPercent: 12.5
              prices:
                - {instanceType: g6.12xlarge, perHour: 5.21}
            """;

    private static Spec read(String text) {
        return SpecReader.bind(List.of(SpecReader.parse("s.yaml", text))).spec();
    }

    @Test
    void decimalsAreKeptAsWritten() {
        Spec spec = read(YAML);

        assertThat(spec.pricing()).isEqualTo(new Pricing("eu-west-1", new BigDecimal("12.5"),
                List.of(new Pricing.InstancePrice("g6.12xlarge", new BigDecimal("5.21")))));
        assertThat(spec.instanceTypes()).containsExactly(
                new InstanceTypeDef("onprem-8xh100", "H100-80GB", 8, 192, 2097152, BigDecimal.ZERO));
    }

    @Test
    void writtenAndReadBackIsEqual() {
        Spec spec = read(YAML);

        assertThat(read(SpecWriter.toYaml(spec))).isEqualTo(spec);
        assertThat(SpecWriter.toYaml(spec)).contains("discountPercent: 12.5", "perHour: 5.21");
    }

    @Test
    void theDslBuildsTheSameSpec() {
        ClusterBuilder c = dev.gpushare.model.dsl.GpuShare.cluster("priced");
        c.instanceType("onprem-8xh100", "H100-80GB", 8, 192, Mib.of(2097152), UsdPerHour.of("0"));
        c.pricing(p -> p.region("eu-west-1").discountPercent("12.5").price("g6.12xlarge", UsdPerHour.of("5.21")));

        assertThat(c.build()).isEqualTo(read(YAML));
    }

    @Test
    void noSectionMeansNone() {
        Spec spec = read("apiVersion: gpushare.dev/v1\ncluster: c\n");

        assertThat(spec.pricing()).isEqualTo(Pricing.NONE);
        assertThat(SpecWriter.toYaml(spec)).doesNotContain("pricing");
    }
}
