package dev.gpushare.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.catalog.internal.CatalogLoader;
import dev.gpushare.model.InstanceTypeDef;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class CatalogTest {
    private static final Catalog BUILT_IN = Catalog.builtIn();

    @Test
    void builtInIsLoadedOnce() {
        assertThat(Catalog.builtIn()).isSameAs(BUILT_IN);
    }

    @Test
    void listingsAreSortedByName() {
        assertThat(BUILT_IN.instanceTypes()).isSortedAccordingTo(Comparator.comparing(InstanceType::name));
        assertThat(BUILT_IN.gpuModels()).isSortedAccordingTo(Comparator.comparing(GpuModel::name));
    }

    @Test
    void lookupsByName() {
        assertThat(BUILT_IN.instanceType("g6.12xlarge")).hasValueSatisfying(t -> assertThat(t.gpuModel()).isEqualTo("L4"));
        assertThat(BUILT_IN.instanceType("g6.13xlarge")).isEmpty();
        assertThat(BUILT_IN.gpuModel("H100-80GB")).hasValueSatisfying(g -> assertThat(g.migCapable()).isTrue());
        assertThat(BUILT_IN.gpuModel("L4")).hasValueSatisfying(g -> assertThat(g.migCapable()).isFalse());
        assertThat(BUILT_IN.gpuModel("H100")).isEmpty();
    }

    @Test
    void declaredTypesAreAddedAndClashesOrUnknownModelsSkipped() {
        Catalog c = BUILT_IN.withDeclared(List.of(
                new InstanceTypeDef("onprem-8xh100", "H100-80GB", 8, 192, 2_097_152),
                new InstanceTypeDef("g6.12xlarge", "H100-80GB", 1, 1, 1),        // clashes with the catalog
                new InstanceTypeDef("mystery-box", "Z9000", 1, 4, 1024)));       // unknown GPU model

        assertThat(c.instanceType("onprem-8xh100")).contains(
                new InstanceType("onprem-8xh100", "H100-80GB", 8, 192, 2_097_152, null, null, false));
        assertThat(c.instanceType("g6.12xlarge")).hasValueSatisfying(t -> {
            assertThat(t.builtIn()).isTrue();
            assertThat(t.gpuModel()).isEqualTo("L4");
        });
        assertThat(c.instanceType("mystery-box")).isEmpty();
        assertThat(c.instanceTypes()).hasSize(BUILT_IN.instanceTypes().size() + 1)
                .isSortedAccordingTo(Comparator.comparing(InstanceType::name));
        assertThat(BUILT_IN.instanceType("onprem-8xh100")).as("the original is untouched").isEmpty();
    }

    @Test
    void aNameDeclaredTwiceKeepsTheFirst() {
        Catalog c = BUILT_IN.withDeclared(List.of(
                new InstanceTypeDef("lab", "L4", 1, 4, 16384), new InstanceTypeDef("lab", "T4", 2, 8, 32768)));

        assertThat(c.instanceType("lab")).hasValueSatisfying(t -> assertThat(t.gpuModel()).isEqualTo("L4"));
    }

    @Test
    void usableGpuMemoryIsTheSliceOrTheModelsUsableMemory() {
        Catalog c = BUILT_IN.withDeclared(List.of(new InstanceTypeDef("onprem", "L4", 2, 16, 65536)));

        // Fractional: the slice's own memory (1/4 L4 reports 5,722 MiB).
        assertThat(c.usableGpuMemoryMiB(c.instanceType("g6f.2xlarge").orElseThrow())).isEqualTo(5722);
        // Whole GPUs: the model's usable memory (L4: 23,034 - 471 = 22,563 MiB).
        assertThat(c.usableGpuMemoryMiB(c.instanceType("g6.12xlarge").orElseThrow())).isEqualTo(22563);
        assertThat(c.usableGpuMemoryMiB(c.instanceType("onprem").orElseThrow())).isEqualTo(22563);
    }

    @Test
    void usableMemoryOfATypeWithAnUnknownModelIsABug() {
        InstanceType stray = new InstanceType("x.large", "Z9000", 1, 2, 4096, null, null, false);

        assertThatThrownBy(() -> BUILT_IN.usableGpuMemoryMiB(stray))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Z9000");
    }

    @Test
    void ofRefusesDuplicates() {
        GpuModel t4 = BUILT_IN.gpuModel("T4").orElseThrow();

        assertThatThrownBy(() -> Catalog.of(List.of(t4, t4), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("T4");
    }

    @Test
    void brokenBuiltInDataIsABugNotAUserProblem() {
        assertThatThrownBy(() -> CatalogLoader.readResource("dev/gpushare/schema/catalog/missing.json"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("missing.json");
        var noMemory = JsonMapper.builder().build().readTree("""
                {"gpuModels": [{"name": "X1", "computeCapability": 8.0, "mpsCapable": true}]}""");
        assertThatThrownBy(() -> CatalogLoader.gpuModels(noMemory))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("totalMemoryMiB");
        var fractionAsText = JsonMapper.builder().build().readTree("""
                {"instanceTypes": [{"name": "a.b", "gpuModel": "L4", "gpuCount": 1, "vcpus": 2,
                  "memoryMiB": 8192, "fraction": "0.5", "gpuMemoryMiB": 100}]}""");
        assertThatThrownBy(() -> CatalogLoader.instanceTypes(fractionAsText))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'fraction' is not a number");
    }
}
