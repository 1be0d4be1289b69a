package dev.gpushare.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.gpushare.engine.catalog.internal.CatalogLoader;
import dev.gpushare.engine.mig.LayoutResult;
import dev.gpushare.engine.mig.MigLayouts;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The built-in data files: valid against their schema and consistent with the references. */
class CatalogDataTest {
    private static final Catalog CATALOG = Catalog.builtIn();

    @ParameterizedTest
    @ValueSource(strings = {CatalogLoader.GPUS_RESOURCE, CatalogLoader.INSTANCE_TYPES_RESOURCE, CatalogLoader.PRICES_RESOURCE})
    void dataFilesValidateAgainstTheCatalogSchema(String resource) {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(CatalogLoader.readResource(CatalogLoader.SCHEMA_RESOURCE));

        List<Error> errors = schema.validate(CatalogLoader.readResource(resource));

        assertThat(errors).isEmpty();
    }

    @Test
    void theSchemaRejectsAFractionWithoutSliceMemory() {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(CatalogLoader.readResource(CatalogLoader.SCHEMA_RESOURCE));
        JsonNode bad = tools.jackson.databind.json.JsonMapper.builder().build().readTree("""
                {"sources": {"ec2": "x"}, "instanceTypes": [{"name": "g6f.large", "gpuModel": "L4", "gpuCount": 1,
                  "vcpus": 2, "memoryMiB": 8192, "fraction": 0.3, "source": "ec2"}]}""");

        assertThat(schema.validate(bad)).extracting(Error::getKeyword).contains("enum", "dependentRequired");
    }

    @Test
    void theRequiredGpuModelsArePresent() {
        assertThat(CATALOG.gpuModels()).extracting(GpuModel::name).contains(
                "T4", "A10G", "L4", "L40S", "A100-40GB", "A100-80GB", "H100-80GB", "H200-141GB", "B200-180GB",
                "RTX-PRO-6000", "A30", "RTX-PRO-4500", "B300-288GB", "GB200-186GB");
    }

    @Test
    void usableMemoryIsBelowTotalAndMpsFollowsComputeCapability() {
        assertThat(CATALOG.gpuModels()).allSatisfy(g -> {
            assertThat(g.usableMemoryMiB()).isPositive().isLessThanOrEqualTo(g.totalMemoryMiB());
            assertThat(g.mpsCapable()).isEqualTo(g.computeCapability() >= 7.0);
        });
        // Published: 23,034 MiB total less 471 MiB reserved registers 22,563 MiB.
        GpuModel l4 = CATALOG.gpuModel("L4").orElseThrow();
        assertThat(l4.totalMemoryMiB()).isEqualTo(23034);
        assertThat(l4.usableMemoryMiB()).isEqualTo(22563);
    }

    @Test
    void everyInstanceTypeNamesAKnownGpuModel() {
        assertThat(CATALOG.instanceTypes()).allSatisfy(t -> {
            assertThat(CATALOG.gpuModel(t.gpuModel())).as(t.name()).isPresent();
            assertThat(t.builtIn()).isTrue();
            assertThat(t.gpuCount()).isPositive();
        });
    }

    /** Name, GPU model, GPUs, vCPUs, host memory GiB (MiB = GiB x 1024). */
    static Stream<Arguments> wholeGpuTypes() {
        return Stream.of(
                Arguments.of("g4dn.xlarge", "T4", 1, 4, 16), Arguments.of("g4dn.12xlarge", "T4", 4, 48, 192),
                Arguments.of("g5.48xlarge", "A10G", 8, 192, 768), Arguments.of("g6.12xlarge", "L4", 4, 48, 192),
                Arguments.of("g6.48xlarge", "L4", 8, 192, 768), Arguments.of("g6e.xlarge", "L40S", 1, 4, 32),
                Arguments.of("g6e.48xlarge", "L40S", 8, 192, 1536),
                Arguments.of("p4d.24xlarge", "A100-40GB", 8, 96, 1152), Arguments.of("p4de.24xlarge", "A100-80GB", 8, 96, 1152),
                Arguments.of("p5.48xlarge", "H100-80GB", 8, 192, 2048), Arguments.of("p5e.48xlarge", "H200-141GB", 8, 192, 2048),
                Arguments.of("p5en.48xlarge", "H200-141GB", 8, 192, 2048),
                Arguments.of("p6-b200.48xlarge", "B200-180GB", 8, 192, 2048),
                Arguments.of("g7e.2xlarge", "RTX-PRO-6000", 1, 8, 64), Arguments.of("g7e.4xlarge", "RTX-PRO-6000", 1, 16, 128),
                Arguments.of("g7e.8xlarge", "RTX-PRO-6000", 1, 32, 256), Arguments.of("g7e.12xlarge", "RTX-PRO-6000", 2, 48, 512),
                Arguments.of("g7e.24xlarge", "RTX-PRO-6000", 4, 96, 1024), Arguments.of("g7e.48xlarge", "RTX-PRO-6000", 8, 192, 2048),
                Arguments.of("ml.p4d.24xlarge", "A100-40GB", 8, 96, 1152), Arguments.of("ml.g7e.12xlarge", "RTX-PRO-6000", 2, 48, 512),
                // G7 (RTX PRO 4500), P6-B300 and P6e-GB200, as Karpenter's EC2 reference and the P6 table print them.
                Arguments.of("g7.2xlarge", "RTX-PRO-4500", 1, 8, 32), Arguments.of("g7.4xlarge", "RTX-PRO-4500", 1, 16, 64),
                Arguments.of("g7.8xlarge", "RTX-PRO-4500", 1, 32, 128), Arguments.of("g7.12xlarge", "RTX-PRO-4500", 2, 48, 192),
                Arguments.of("g7.24xlarge", "RTX-PRO-4500", 4, 96, 384), Arguments.of("g7.48xlarge", "RTX-PRO-4500", 8, 192, 768),
                Arguments.of("ml.g7.12xlarge", "RTX-PRO-4500", 2, 48, 192),
                Arguments.of("p6-b300.48xlarge", "B300-288GB", 8, 192, 4096), Arguments.of("ml.p6-b300.48xlarge", "B300-288GB", 8, 192, 4096),
                Arguments.of("p6e-gb200.36xlarge", "GB200-186GB", 4, 144, 960),
                Arguments.of("ml.p6e-gb200.36xlarge", "GB200-186GB", 4, 144, 960));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wholeGpuTypes")
    void wholeGpuTypesHaveTheirPublicFigures(String name, String model, int gpus, int vcpus, int memoryGiB) {
        InstanceType t = CATALOG.instanceType(name).orElseThrow();

        assertThat(t).isEqualTo(new InstanceType(name, model, gpus, vcpus, memoryGiB * 1024L, null, null, true));
    }

    /** Fractional L4 slices: fraction and slice memory (aws-gpu-sharing.md §2.3). */
    static Stream<Arguments> fractionalTypes() {
        return Stream.of(
                Arguments.of("g6f.large", "0.125", 2861L, 2, 8), Arguments.of("g6f.xlarge", "0.125", 2861L, 4, 16),
                Arguments.of("g6f.2xlarge", "0.25", 5722L, 8, 32), Arguments.of("g6f.4xlarge", "0.5", 11444L, 16, 64),
                Arguments.of("gr6f.4xlarge", "0.5", 11444L, 16, 128));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fractionalTypes")
    void fractionalTypesCarryFractionAndSliceMemory(String name, String fraction, long sliceMiB, int vcpus, int gib) {
        InstanceType t = CATALOG.instanceType(name).orElseThrow();

        assertThat(t).isEqualTo(new InstanceType(name, "L4", 1, vcpus, gib * 1024L, new BigDecimal(fraction), sliceMiB, true));
        assertThat(CATALOG.usableGpuMemoryMiB(t)).isEqualTo(sliceMiB);
    }

    @Test
    void fractionAndSliceMemoryComeTogether() {
        assertThat(CATALOG.instanceTypes()).allSatisfy(t ->
                assertThat(t.fraction() == null).as(t.name()).isEqualTo(t.gpuMemoryMiB() == null));
        assertThat(CATALOG.instanceTypes().stream().filter(InstanceType::fractional)).extracting(InstanceType::name)
                .containsExactly("g6f.2xlarge", "g6f.4xlarge", "g6f.large", "g6f.xlarge", "gr6f.4xlarge");
    }

    @Test
    void everySageMakerTypeMatchesItsEc2Twin() {
        List<InstanceType> ml = CATALOG.instanceTypes().stream().filter(t -> t.name().startsWith("ml.")).toList();

        assertThat(ml).hasSizeGreaterThan(40);
        assertThat(ml).allSatisfy(t -> {
            InstanceType twin = CATALOG.instanceType(t.name().substring(3)).orElseThrow();
            assertThat(t).isEqualTo(new InstanceType(t.name(), twin.gpuModel(), twin.gpuCount(), twin.vcpus(),
                    twin.memoryMiB(), twin.fraction(), twin.gpuMemoryMiB(), true));
        });
        // The SageMaker instances of the MIG endpoints in the reference exist.
        assertThat(CATALOG.instanceType("ml.p5.48xlarge")).isPresent();
        assertThat(CATALOG.instanceType("ml.p5en.48xlarge")).isPresent();
        assertThat(CATALOG.instanceType("ml.p6-b200.48xlarge")).isPresent();
        assertThat(CATALOG.instanceType("ml.p6-b300.48xlarge")).isPresent();
        assertThat(CATALOG.instanceType("ml.p6e-gb200.36xlarge")).isPresent();
        assertThat(CATALOG.instanceType("ml.p5.4xlarge")).isPresent();
    }

    @Test
    void everyInstanceTypeNamesADefinedSource() {
        JsonNode doc = CatalogLoader.readResource(CatalogLoader.INSTANCE_TYPES_RESOURCE);
        JsonNode sources = doc.get("sources");

        assertThat(doc.get("instanceTypes").values()).allSatisfy(t ->
                assertThat(sources.has(t.get("source").asString())).as(t.get("name").asString()).isTrue());
    }

    @Test
    void migProfilesAreConsistentWithTheirGeometry() {
        List<GpuModel> mig = CATALOG.gpuModels().stream().filter(GpuModel::migCapable).toList();

        assertThat(mig).extracting(GpuModel::name).containsExactly(
                "A100-40GB", "A100-80GB", "A30", "B200-180GB", "B300-288GB", "GB200-186GB", "H100-80GB", "H200-141GB",
                "RTX-PRO-4500", "RTX-PRO-6000");
        assertThat(mig).allSatisfy(g -> {
            MigGeometry geo = g.mig();
            assertThat(geo.profiles()).extracting(MigProfile::name).doesNotHaveDuplicates();
            for (MigProfile p : geo.profiles()) {
                assertThat(p.starts()).as(p.name()).isSorted().doesNotHaveDuplicates()
                        .allMatch(s -> s >= 0 && s + p.size() <= geo.placementUnits());
                assertThat(p.memoryMiB()).as(p.name()).isPositive().isLessThanOrEqualTo(g.totalMemoryMiB());
                assertThat(p.computeSlices() * p.maxCount()).as(p.name()).isLessThanOrEqualTo(geo.computeSlices());
                assertThat(p.size() * p.maxCount()).as(p.name()).isLessThanOrEqualTo(geo.placementUnits());
                // maxCount copies really fit side by side, one more never does.
                List<String> max = Collections.nCopies(p.maxCount(), p.name());
                assertThat(MigLayouts.realize(geo, max)).as(p.name()).isInstanceOf(LayoutResult.Realized.class);
                List<String> over = Collections.nCopies(p.maxCount() + 1, p.name());
                assertThat(MigLayouts.realize(geo, over)).as(p.name()).isInstanceOf(LayoutResult.Rejected.class);
                if (p.name().endsWith("+me")) {
                    assertThat(p.maxCount()).as(p.name()).isEqualTo(1);
                }
            }
        });
    }

    @Test
    void everySevenSliceModelUsesTheSameTemplate() {
        // Class by (slices, size): starts and max count are the §3.1 template on every 7-slice GPU.
        record Row(int slices, int size, List<Integer> starts, int max, int id) {}
        List<Row> template = List.of(
                new Row(1, 1, List.of(0, 1, 2, 3, 4, 5, 6), 7, 19), new Row(1, 1, List.of(0, 1, 2, 3, 4, 5, 6), 1, 20),
                new Row(1, 2, List.of(0, 2, 4, 6), 4, 15), new Row(2, 2, List.of(0, 2, 4), 3, 14),
                new Row(3, 4, List.of(0, 4), 2, 9), new Row(4, 4, List.of(0), 1, 5), new Row(7, 8, List.of(0), 1, 0));

        assertThat(CATALOG.gpuModels().stream().filter(g -> g.migCapable() && g.mig().computeSlices() == 7))
                .hasSize(7)
                .allSatisfy(g -> {
                    assertThat(g.mig().placementUnits()).isEqualTo(8);
                    assertThat(g.mig().profiles().stream()
                            .map(p -> new Row(p.computeSlices(), p.size(), p.starts(), p.maxCount(), p.profileId())))
                            .as(g.name()).containsExactlyElementsOf(template);
                });
    }
}
