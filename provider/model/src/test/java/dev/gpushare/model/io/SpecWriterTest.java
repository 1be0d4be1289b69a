package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecWriterTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = SpecWriterTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Spec contractExample() throws IOException {
        return SpecReader.bind(List.of(SpecReader.parse("contract-example.yaml", resource("contract-example.yaml")))).spec();
    }

    // Golden files: the contract example as written back — comments gone, defaults explicit
    // (minInstances: 0, placementStrategy), absent gpuSharing left out, keys in CONTRACT.md order.
    @Test
    void yamlOfTheContractExampleMatchesTheGoldenFile() throws IOException {
        assertThat(SpecWriter.toYaml(contractExample())).isEqualTo(resource("contract-example.golden.yaml"));
    }

    @Test
    void jsonOfTheContractExampleMatchesTheGoldenFile() throws IOException {
        assertThat(SpecWriter.toJson(contractExample())).isEqualTo(resource("contract-example.golden.json"));
    }

    @Test
    void yamlStartsWithTheSchemaLine() throws IOException {
        assertThat(SpecWriter.toYaml(contractExample()))
                .startsWith("# yaml-language-server: $schema=https://gpushare.dev/schema/v1/gpushare.schema.json\n");
    }

    @Test
    void fractionsAreWrittenAsPlainNumbers() {
        Spec spec = new Spec(Spec.API_VERSION, "c", List.of(),
                List.of(new TaskDefinition("t", null, null, List.of(
                        new Container("a", "i", new GpuRequirement.Fraction(new BigDecimal("0.250"))),
                        new Container("b", "i", new GpuRequirement.Fraction(new BigDecimal("0.125"))),
                        new Container("c", "i", new GpuRequirement.Fraction(new BigDecimal("1E-7")))))),
                List.of(), List.of(), List.of(), List.of());
        assertThat(SpecWriter.toYaml(spec)).contains("gpu: 0.25\n").contains("gpu: 0.125\n").contains("gpu: 0.0000001\n");
        assertThat(SpecWriter.toJson(spec)).contains("\"gpu\" : 0.25\n").contains("\"gpu\" : 0.125\n");
        assertThat(SpecWriter.toTree(spec).at("/taskDefinitions/0/containers/0/gpu").decimalValue())
                .isEqualTo(new BigDecimal("0.25"));
    }

    @Test
    void textsThatLookLikeOtherTypesAreQuoted() {
        Spec spec = new Spec(Spec.API_VERSION, "c", List.of(),
                List.of(new TaskDefinition("123", null, null, List.of(new Container("true", "null", null)))),
                List.of(), List.of(), List.of(), List.of());
        String yaml = SpecWriter.toYaml(spec);
        assertThat(yaml).contains("family: \"123\"").contains("name: \"true\"").contains("image: \"null\"");
        assertThat(SpecReader.bind(List.of(SpecReader.parse("s.yaml", yaml))).spec()).isEqualTo(spec);
    }

    @Test
    void emptySectionsAreLeftOut() {
        Spec spec = new Spec(Spec.API_VERSION, "c", List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        assertThat(SpecWriter.toTree(spec).propertyNames()).containsExactly("apiVersion", "cluster");
    }
}
