package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.Problem.Location;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecReaderParseTest {

    private static final String YAML = """
            apiVersion: gpushare.dev/v1
            cluster: c1
            taskDefinitions:
              - family: embedder
                containers:
                  - name: model
                    image: img
                    gpu:
                      nvidiaMps: {memory: 4096, maxComputePercent: 25}
                  - name: frac
                    image: img
                    gpu: 0.125
            """;

    // The same document as JSON; line numbers differ, the tree must not.
    private static final String JSON = """
            {
              "apiVersion": "gpushare.dev/v1",
              "cluster": "c1",
              "taskDefinitions": [
                {"family": "embedder",
                 "containers": [
                   {"name": "model", "image": "img",
                    "gpu": {"nvidiaMps": {"memory": 4096, "maxComputePercent": 25}}},
                   {"name": "frac", "image": "img", "gpu": 0.125}
                 ]}
              ]
            }
            """;

    // Where each pointer is in YAML above: a property at its key, a list item at its dash's
    // content (column after "- "), the document at 1:1.
    @ParameterizedTest(name = "{0} at {1}:{2}")
    @CsvSource({
        "'',                                                      1, 1",
        "/cluster,                                                2, 1",
        "/taskDefinitions/0,                                      4, 5",
        "/taskDefinitions/0/family,                               4, 5",
        "/taskDefinitions/0/containers/1,                        10, 9",
        // line 9 is 10 spaces, "nvidiaMps: {" (12 characters), then "memory"
        "/taskDefinitions/0/containers/0/gpu/nvidiaMps,           9, 11",
        "/taskDefinitions/0/containers/0/gpu/nvidiaMps/memory,    9, 23",
        "/taskDefinitions/0/containers/1/gpu,                    12, 9",
        // missing paths fall back to the nearest known ancestor
        "/taskDefinitions/0/containers/1/gpu/nvidiaMps/memory,   12, 9",
        "/services/0/name,                                        1, 1",
    })
    void yamlLocationsOfNestedPaths(String pointer, int line, int column) {
        ParsedFile f = SpecReader.parse("spec.yaml", YAML);
        assertThat(f.problems()).isEmpty();
        assertThat(f.locations().locate(pointer)).isEqualTo(new Location(line, column));
    }

    @Test
    void jsonLocationsOfNestedPaths() {
        ParsedFile f = SpecReader.parse("spec.json", JSON);
        assertThat(f.problems()).isEmpty();
        // Line 8 is 8 spaces, `"gpu": {` (8), `"nvidiaMps": {` (14), then `"memory"` at 8 + 8 + 14 + 1 = 31.
        assertThat(f.locations().locate("/taskDefinitions/0/containers/0/gpu/nvidiaMps/memory"))
                .isEqualTo(new Location(8, 31));
        // Line 9 is 7 spaces, then the second container's `{`.
        assertThat(f.locations().locate("/taskDefinitions/0/containers/1")).isEqualTo(new Location(9, 8));
    }

    @Test
    void jsonAndYamlGiveTheSameTree() {
        ParsedFile y = SpecReader.parse("spec.yaml", YAML);
        ParsedFile j = SpecReader.parse("spec.json", JSON);
        assertThat(j.tree()).isEqualTo(y.tree());
    }

    @Test
    void decimalsStayExact() {
        ParsedFile f = SpecReader.parse("spec.yaml", YAML);
        var gpu = f.tree().at("/taskDefinitions/0/containers/1/gpu");
        assertThat(gpu.isBigDecimal()).isTrue();
        assertThat(gpu.decimalValue()).isEqualByComparingTo(new BigDecimal("0.125"));
        assertThat(gpu.decimalValue().toPlainString()).isEqualTo("0.125");
        assertThat(SpecReader.parse("spec.json", JSON).tree().at("/taskDefinitions/0/containers/1/gpu").decimalValue())
                .isEqualTo(new BigDecimal("0.125"));
    }

    /** A written document that was altered still reads as parse reads it: the first value kept, every later one a problem. */
    @Test
    void aWrittenDocumentWithADuplicateKeyKeepsTheFirstValue() {
        String json = "{\"apiVersion\": \"gpushare.dev/v1\", \"cluster\": \"a\", \"cluster\": \"b\","
                + " \"services\": [{\"name\": \"s\", \"desiredCount\": 1, \"desiredCount\": 2}]}";
        ParsedFile f = SpecReader.parseWritten("stored.json", json);
        assertThat(f.tree()).isEqualTo(SpecReader.parse("stored.json", json).tree());
        // the document's problems (no line, no pointer kept), each naming its key
        assertThat(f.problems()).extracting(Problem::path, (Problem c) -> c.code().name(), Problem::location).containsExactly(
                org.assertj.core.groups.Tuple.tuple("", "DUPLICATE_KEY", null),
                org.assertj.core.groups.Tuple.tuple("", "DUPLICATE_KEY", null));
        assertThat(f.problems()).extracting(Problem::message).satisfiesExactly(
                m -> assertThat(m).contains("`cluster`"), m -> assertThat(m).contains("`desiredCount`"));
        assertThat(f.tree().at("/services/0/desiredCount").asInt()).isEqualTo(1);
    }

    @Test
    void everyDuplicateKeyIsReportedAtItsLine() {
        String yaml = """
                apiVersion: gpushare.dev/v1
                cluster: a
                cluster: b
                services:
                  - name: s
                    desiredCount: 1
                    desiredCount: 2
                    desiredCount: 3
                """;
        ParsedFile f = SpecReader.parse("dup.yaml", yaml);
        assertThat(f.tree()).isNotNull();
        assertThat(f.problems()).extracting(Problem::path, (Problem c) -> c.code().name(), Problem::location).containsExactly(
                org.assertj.core.groups.Tuple.tuple("/cluster", "DUPLICATE_KEY", new Location(3, 1)),
                org.assertj.core.groups.Tuple.tuple("/services/0/desiredCount", "DUPLICATE_KEY", new Location(7, 5)),
                org.assertj.core.groups.Tuple.tuple("/services/0/desiredCount", "DUPLICATE_KEY", new Location(8, 5)));
        assertThat(f.problems()).allSatisfy(p -> assertThat(p.file()).isEqualTo("dup.yaml"));
        assertThat(f.problems().get(1).message()).contains("line 7").contains("line 6");
        // The first value is kept.
        assertThat(f.tree().get("cluster").asString()).isEqualTo("a");
        assertThat(f.tree().at("/services/0/desiredCount").asInt()).isEqualTo(1);
    }

    @Test
    void duplicateKeysInJsonToo() {
        ParsedFile f = SpecReader.parse("dup.json", "{\"cluster\": \"a\",\n \"cluster\": \"b\"}");
        assertThat(f.problems()).extracting(Problem::path, Problem::location)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("/cluster", new Location(2, 2)));
    }

    @Test
    void yamlSyntaxErrorIsOneParseErrorWithLine() {
        String yaml = "apiVersion: gpushare.dev/v1\ncluster: c\nservices: [\n  {name: a}\n";
        ParsedFile f = SpecReader.parse("bad.yaml", yaml);
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.path()).isEmpty();
            assertThat(p.file()).isEqualTo("bad.yaml");
            // The flow sequence opened on line 3 is cut off by the end of the text on line 5.
            assertThat(p.location()).isEqualTo(new Location(5, 1));
            assertThat(p.message()).contains("line 5, column 1");
        });
    }

    @Test
    void jsonSyntaxErrorIsOneParseErrorWithLine() {
        ParsedFile f = SpecReader.parse("bad.json", "{\n  \"cluster\": \"c\",\n  \"services\": [1,}\n");
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.location().line()).isEqualTo(3);
            assertThat(p.message()).contains("line 3");
        });
    }

    @ParameterizedTest
    @CsvSource({"empty.yaml, ''", "blank.yaml, '   '", "comment.yaml, '# nothing here'"})
    void emptyFileIsAParseError(String name, String text) {
        ParsedFile f = SpecReader.parse(name, text);
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.message()).contains("the file is empty; start with apiVersion: gpushare.dev/v1");
        });
    }

    @Test
    void moreThanOneYamlDocumentIsAParseError() {
        ParsedFile f = SpecReader.parse("two.yaml", "cluster: a\n---\ncluster: b\n");
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.location().line()).isEqualTo(3);
        });
    }

    @Test
    void yamlAliasesOfMappingsAndListsAreCopies() {
        String yaml = """
                shared: &gpu {nvidiaMps: {memory: 1024}}
                layout: &layout [3g.40gb, 4g.40gb]
                a: *gpu
                b: *layout
                """;
        ParsedFile f = SpecReader.parse("alias.yaml", yaml);
        assertThat(f.problems()).isEmpty();
        assertThat(f.tree().get("a")).isEqualTo(f.tree().get("shared"));
        assertThat(f.tree().get("b")).isEqualTo(f.tree().get("layout"));
        // Paths inside an alias are located at the alias.
        assertThat(f.locations().locate("/a/nvidiaMps/memory")).isEqualTo(new Location(3, 1));
    }

    @Test
    void aliasOfASingleValueIsAParseErrorNotAWrongValue() {
        // The YAML parser reports no anchors on scalars; reading "*n" as the text "n" would be wrong.
        ParsedFile f = SpecReader.parse("alias.yaml", "a: &n 3\nb: *n\n");
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.location()).isEqualTo(new Location(2, 4));
            assertThat(p.message()).contains("*n");
        });
    }

    @Test
    void aliasBombIsRefusedNotExpanded() {
        // Each level holds 10 aliases of the level below: 10^9 values if expanded.
        StringBuilder yaml = new StringBuilder("l0: &l0 [a, b, c, d, e, f, g, h, i, j]\n");
        for (int i = 1; i <= 9; i++) {
            yaml.append("l").append(i).append(": &l").append(i).append(" [");
            for (int k = 0; k < 10; k++) yaml.append(k == 0 ? "" : ", ").append("*l").append(i - 1);
            yaml.append("]\n");
        }
        ParsedFile f = SpecReader.parse("bomb.yaml", yaml.toString());
        assertThat(f.tree()).isNull();
        assertThat(f.problems()).singleElement().satisfies(p -> assertThat(p.message()).contains("more than 100000 values"));
    }

    @Test
    void yamlInfinityStaysTextForTheSchemaToReject() {
        ParsedFile f = SpecReader.parse("inf.yaml", "a: .inf\nb: .nan\n");
        assertThat(f.problems()).isEmpty();
        assertThat(f.tree().get("a").isString()).isTrue();
        assertThat(f.tree().get("b").asString()).isEqualTo(".nan");
    }

    @Test
    void syntaxFollowsContentWhenTheExtensionSaysNothing() {
        assertThat(SpecReader.parse("spec.txt", JSON).tree()).isEqualTo(SpecReader.parse("spec.txt", YAML).tree());
    }

    @Test
    void parsesAFile(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("spec.yml");
        try (InputStream in = getClass().getResourceAsStream("contract-example.yaml")) {
            Files.writeString(p, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        ParsedFile f = SpecReader.parse(p);
        assertThat(f.file()).isEqualTo(p.toString());
        assertThat(f.problems()).isEmpty();
        assertThat(f.tree().at("/endpoints/0/partitionLayout/1").asString()).isEqualTo("mig-4g.20gb");
        // `    partitionLayout: [` is 22 characters, `"mig-3g.20gb", ` 15 more: the second item at 38.
        assertThat(f.locations().locate("/endpoints/0/partitionLayout/1")).isEqualTo(new Location(42, 38));
    }
}
