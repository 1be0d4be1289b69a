package dev.gpushare.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.InstanceTypeDef;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class CatalogDocumentTest {
    private static final String GOLDEN = "dev/gpushare/engine/catalog/catalog.txt";

    /**
     * The text printout is a golden file. When the data changes on purpose, the new output is
     * written to target/catalog.txt.actual: review it and copy it over the golden file.
     */
    @Test
    void textMatchesTheGoldenFile() throws IOException {
        String actual = CatalogDocument.toText(Catalog.builtIn());
        String expected;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(GOLDEN)) {
            assertThat(in).as(GOLDEN).isNotNull();
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!actual.equals(expected)) {
            Files.writeString(Path.of("target", "catalog.txt.actual"), actual);
        }

        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void textMarksDeclaredTypes() {
        Catalog c = Catalog.builtIn().withDeclared(List.of(new InstanceTypeDef("onprem-2xl4", "L4", 2, 16, 65536),
                new InstanceTypeDef("onprem-8xl4", "L4", 8, 64, 262144, new java.math.BigDecimal("3.5"))));

        assertThat(CatalogDocument.toText(c)).containsPattern("onprem-2xl4 +L4 +2 +- +22563 +16 +65536 +- +- +declared\n")
                .containsPattern("onprem-8xl4 +L4 +8 +- +22563 +64 +262144 +3.5 +spec +declared\n");
    }

    @Test
    void jsonListsEveryModelAndTypeWithUsableMemory() {
        Catalog c = Catalog.builtIn();

        JsonNode doc = JsonMapper.builder().build().readTree(CatalogDocument.toJson(c));

        assertThat(doc.get("gpuModels").size()).isEqualTo(c.gpuModels().size());
        assertThat(doc.get("instanceTypes").size()).isEqualTo(c.instanceTypes().size());
        JsonNode h100 = doc.get("gpuModels").values().stream()
                .filter(g -> g.get("name").stringValue().equals("H100-80GB")).findFirst().orElseThrow();
        assertThat(h100.at("/mig/placementUnits").intValue()).isEqualTo(8);
        assertThat(h100.at("/mig/profiles/4/name").stringValue()).isEqualTo("3g.40gb");
        assertThat(h100.at("/mig/profiles/4/starts").toString()).isEqualTo("[0,4]");
        JsonNode quarter = doc.get("instanceTypes").values().stream()
                .filter(t -> t.get("name").stringValue().equals("g6f.2xlarge")).findFirst().orElseThrow();
        assertThat(quarter.get("fraction").decimalValue()).isEqualByComparingTo("0.25");
        assertThat(quarter.get("usableGpuMemoryMiB").longValue()).isEqualTo(5722);
        JsonNode l4 = doc.get("gpuModels").values().stream()
                .filter(g -> g.get("name").stringValue().equals("L4")).findFirst().orElseThrow();
        assertThat(l4.get("mig").isNull()).isTrue();
    }

    @Test
    void outputIsStable() {
        assertThat(CatalogDocument.toJson(Catalog.builtIn())).isEqualTo(CatalogDocument.toJson(Catalog.builtIn()));
        assertThat(CatalogDocument.toText(Catalog.builtIn())).isEqualTo(CatalogDocument.toText(Catalog.builtIn()));
    }
}
