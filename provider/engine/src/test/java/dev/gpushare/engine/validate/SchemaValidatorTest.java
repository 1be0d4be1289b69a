package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class SchemaValidatorTest {

    // A valid base; each case below changes one thing in it (one line replaced).
    private static final String BASE = """
            apiVersion: gpushare.dev/v1
            cluster: prod
            capacityProviders:
              - name: pool
                instanceType: g6.12xlarge
                maxInstances: 4
                gpuSharing: {strategy: MPS, maxClientsPerGpu: 8}
            taskDefinitions:
              - family: task
                containers:
                  - name: model
                    image: img
                    gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}
            services:
              - name: svc
                taskDefinition: task
                capacityProvider: pool
                desiredCount: 2
            endpoints:
              - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1, partitionLayout: [mig-3g.20gb]}
            inferenceComponents:
              - {name: ic, endpoint: ep, model: m, partitionType: mig-3g.20gb, copyCount: 1, hostMemoryMiB: 1024}
            """;

    private static final String GPU = "        gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}";
    private static final String SHARING = "    gpuSharing: {strategy: MPS, maxClientsPerGpu: 8}";
    private static final String IC = "  - {name: ic, endpoint: ep, model: m, partitionType: mig-3g.20gb, copyCount: 1, hostMemoryMiB: 1024}";
    private static final String EP = "  - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1, partitionLayout: [mig-3g.20gb]}";

    private static List<Problem> validate(String yaml) {
        var parsed = SpecReader.parse("spec.yaml", yaml);
        assertThat(parsed.problems()).as("test document must parse").isEmpty();
        return SchemaValidator.validate(parsed.tree());
    }

    private static String with(String line, String replacement) {
        assertThat(BASE).contains(line + "\n");
        return BASE.replace(line + "\n", replacement + "\n");
    }

    static Stream<Arguments> invalidDocuments() {
        String c0 = "/taskDefinitions/0/containers/0";
        return Stream.of(
                // unknown property, close to an allowed one
                Arguments.of("typo", with("    desiredCount: 2", "    desiredcount: 2"),
                        "/services/0/desiredcount", "UNKNOWN_PROPERTY", "did you mean `desiredCount`?"),
                // unknown property, nothing close: the allowed names are listed
                Arguments.of("unknown", with("    desiredCount: 2", "    desiredCount: 2\n    colour: red"),
                        "/services/0/colour", "UNKNOWN_PROPERTY",
                        "allowed here: name, taskDefinition, capacityProvider, desiredCount, placementStrategy"),
                Arguments.of("unknown at root", BASE + "extra: 1\n", "/extra", "UNKNOWN_PROPERTY", "allowed here: apiVersion"),
                // missing required: the path is where the property would be
                Arguments.of("missing instanceType", with("    instanceType: g6.12xlarge", ""),
                        "/capacityProviders/0/instanceType", "SCHEMA_REQUIRED", "add `instanceType`: the instance type"),
                Arguments.of("missing desiredCount", with("    desiredCount: 2", ""),
                        "/services/0/desiredCount", "SCHEMA_REQUIRED", "add `desiredCount`: copies wanted (0 or more)"),
                Arguments.of("missing apiVersion", with("apiVersion: gpushare.dev/v1", ""),
                        "/apiVersion", "SCHEMA_REQUIRED", "add `apiVersion: gpushare.dev/v1`"),
                Arguments.of("wrong apiVersion", with("apiVersion: gpushare.dev/v1", "apiVersion: gpushare.dev/v2"),
                        "/apiVersion", "SCHEMA_CONST", "must be gpushare.dev/v1; got \"gpushare.dev/v2\""),
                Arguments.of("maxComputePercent 0", with(GPU, "        gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 0}}"),
                        c0 + "/gpu/nvidiaMps/maxComputePercent", "SCHEMA_RANGE",
                        "`maxComputePercent` must be between 1 and 100; got 0"),
                Arguments.of("maxComputePercent 101", with(GPU, "        gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 101}}"),
                        c0 + "/gpu/nvidiaMps/maxComputePercent", "SCHEMA_RANGE",
                        "`maxComputePercent` must be between 1 and 100; got 101"),
                Arguments.of("hostMemoryMiB 64", with(IC, IC.replace("hostMemoryMiB: 1024", "hostMemoryMiB: 64")),
                        "/inferenceComponents/0/hostMemoryMiB", "SCHEMA_RANGE", "must be at least 128; got 64"),
                Arguments.of("copyCount 0", with(IC, IC.replace("copyCount: 1", "copyCount: 0")),
                        "/inferenceComponents/0/copyCount", "SCHEMA_RANGE", "must be at least 1; got 0"),
                Arguments.of("replicas 1", with(SHARING, "    gpuSharing: {strategy: TIME_SLICING, replicas: 1}"),
                        "/capacityProviders/0/gpuSharing/replicas", "SCHEMA_RANGE", "must be at least 2; got 1"),
                Arguments.of("maxClientsPerGpu 49", with(SHARING, "    gpuSharing: {strategy: MPS, maxClientsPerGpu: 49}"),
                        "/capacityProviders/0/gpuSharing/maxClientsPerGpu", "SCHEMA_RANGE", "must be between 1 and 48; got 49"),
                Arguments.of("desiredCount -1", with("    desiredCount: 2", "    desiredCount: -1"),
                        "/services/0/desiredCount", "SCHEMA_RANGE", "must be at least 0; got -1"),
                Arguments.of("desiredCount text", with("    desiredCount: 2", "    desiredCount: two"),
                        "/services/0/desiredCount", "SCHEMA_TYPE", "must be a whole number; got the text \"two\""),
                // the gpu oneOf: one problem listing the forms, never one per branch
                Arguments.of("gpu 0.3", with(GPU, "        gpu: 0.3"),
                        c0 + "/gpu", "SCHEMA_ONE_OF", "`gpu` must be one of: an integer ≥ 1"),
                Arguments.of("gpu all", with(GPU, "        gpu: all"),
                        c0 + "/gpu", "SCHEMA_ONE_OF", "\"ALL\" (every GPU of the instance)"),
                Arguments.of("gpu 0", with(GPU, "        gpu: 0"), c0 + "/gpu", "SCHEMA_ONE_OF", "got 0"),
                Arguments.of("gpu unknown form", with(GPU, "        gpu: {mps: 1}"), c0 + "/gpu", "SCHEMA_ONE_OF", "got {\"mps\":1}"),
                // ... but an object that names its form gets that form's precise problem
                Arguments.of("nvidiaMps without memory", with(GPU, "        gpu: {nvidiaMps: {}}"),
                        c0 + "/gpu/nvidiaMps/memory", "SCHEMA_REQUIRED", "add `memory`: GPU memory reserved"),
                Arguments.of("bad partition", with(GPU, "        gpu: {partition: 3g}"),
                        c0 + "/gpu/partition", "SCHEMA_PATTERN", "write a MIG profile such as 3g.40gb"),
                Arguments.of("partition with mig- prefix and +me suffix is fine but a typo in it is not",
                        with(GPU, "        gpu: {partition: mig-1g.10gb+me, size: 1}"),
                        c0 + "/gpu/size", "UNKNOWN_PROPERTY", "allowed here: partition"),
                // gpuSharing discriminated on strategy
                Arguments.of("unknown strategy", with(SHARING, "    gpuSharing: {strategy: SHARED}"),
                        "/capacityProviders/0/gpuSharing/strategy", "SCHEMA_ENUM",
                        "`strategy` must be one of MPS, EXCLUSIVE, MIG, TIME_SLICING; got \"SHARED\""),
                Arguments.of("missing strategy", with(SHARING, "    gpuSharing: {replicas: 2}"),
                        "/capacityProviders/0/gpuSharing/strategy", "SCHEMA_REQUIRED", "add `strategy`: one of MPS"),
                Arguments.of("property of another strategy", with(SHARING, "    gpuSharing: {strategy: MPS, replicas: 2}"),
                        "/capacityProviders/0/gpuSharing/replicas", "UNKNOWN_PROPERTY", "allowed here: strategy, maxClientsPerGpu"),
                Arguments.of("MIG without layout", with(SHARING, "    gpuSharing: {strategy: MIG}"),
                        "/capacityProviders/0/gpuSharing/partitionLayout", "SCHEMA_REQUIRED", "add `partitionLayout`"),
                Arguments.of("endpoint layout of 8", with(EP, EP.replace("[mig-3g.20gb]", "[1g.5gb, 1g.5gb, 1g.5gb, 1g.5gb, 1g.5gb, 1g.5gb, 1g.5gb, 1g.5gb]")),
                        "/endpoints/0/partitionLayout", "SCHEMA_RANGE", "must have 1 to 7 entries; got 8"),
                Arguments.of("endpoint layout bad name", with(EP, EP.replace("[mig-3g.20gb]", "[mig-3g.20gb, MIG-1G]")),
                        "/endpoints/0/partitionLayout/1", "SCHEMA_PATTERN", "`partitionLayout` item 1 \"MIG-1G\" is not valid"),
                Arguments.of("placementStrategy", with("    desiredCount: 2", "    desiredCount: 2\n    placementStrategy: binpack"),
                        "/services/0/placementStrategy", "SCHEMA_ENUM", "must be one of BINPACK, SPREAD; got \"binpack\""),
                Arguments.of("cluster name", with("cluster: prod", "cluster: Prod_1"),
                        "/cluster", "SCHEMA_PATTERN", "lower-case letters, digits and '-'"),
                Arguments.of("no containers", with("    containers:", "    containers: []").replace(
                                "      - name: model\n        image: img\n" + GPU + "\n", ""),
                        "/taskDefinitions/0/containers", "SCHEMA_RANGE", "must have at least 1 entry; got 0"),
                Arguments.of("section not a list", with("services:", "services: {}").replace(
                                "  - name: svc\n    taskDefinition: task\n    capacityProvider: pool\n    desiredCount: 2\n", ""),
                        "/services", "SCHEMA_TYPE", "`services` must be a list; got a mapping"),
                Arguments.of("document not a mapping", "just text\n", "", "SCHEMA_TYPE", "the document must be a mapping"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidDocuments")
    void invalidDocumentGivesOneProblem(String name, String yaml, String path, String code, String messagePart) {
        List<Problem> problems = validate(yaml);
        assertThat(problems).as(problems.toString()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo(path);
            assertThat(p.code().name()).isEqualTo(code);
            assertThat(p.message()).contains(messagePart);
            assertThat(p.file()).isNull();
        });
    }

    @Test
    void theBaseDocumentIsValid() {
        assertThat(validate(BASE)).isEmpty();
    }

    // Verbatim CONTRACT.md §1, where l4-quarter has no maxInstances (absent = no limit).
    @Test
    void theContractExampleIsValid() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("contract-example.yaml")) {
            assertThat(validate(new String(in.readAllBytes(), StandardCharsets.UTF_8))).isEmpty();
        }
    }

    @Test
    void everyFormOfGpuIsValid() {
        // 0.50 is 0.5 written differently: the enum compares numbers, not spellings
        for (String gpu : List.of("1", "8", "2.0", "ALL", "0.125", "0.25", "0.5", "0.50", "{nvidiaMps: {memory: 1}}",
                "{partition: 1g.10gb}", "{partition: mig-1g.10gb+me}", "{partition: 7g.80gb}")) {
            assertThat(validate(with(GPU, "        gpu: " + gpu))).as(gpu).isEmpty();
        }
        assertThat(validate(with(GPU, ""))).as("no gpu").isEmpty();
    }

    @Test
    void everyStrategyIsValid() {
        for (String s : List.of("{strategy: MPS}", "{strategy: EXCLUSIVE}", "{strategy: MIG, partitionLayout: [3g.40gb, 4g.40gb]}",
                "{strategy: TIME_SLICING, replicas: 4}")) {
            assertThat(validate(with(SHARING, "    gpuSharing: " + s))).as(s).isEmpty();
        }
    }

    @Test
    void aFileOfASplitSpecNeedsOnlyApiVersionAndCluster() {
        assertThat(validate("apiVersion: gpushare.dev/v1\ncluster: prod\n")).isEmpty();
    }

    @Test
    void allProblemsAtOnceSortedInDocumentOrderWithoutDuplicates() {
        // Three mistakes in three places; "desiredcount" is reported once (as the typo), not also as missing.
        String yaml = BASE
                .replace("    desiredCount: 2\n", "    desiredcount: 2\n")
                .replace("cluster: prod", "cluster: PROD")
                .replace("maxComputePercent: 25", "maxComputePercent: 120");
        List<Problem> problems = validate(yaml);
        assertThat(problems).extracting(Problem::path).containsExactly(
                "/cluster",
                "/services/0/desiredcount",
                "/taskDefinitions/0/containers/0/gpu/nvidiaMps/maxComputePercent");
        assertThat(problems.get(2).message()).isEqualTo("`maxComputePercent` must be between 1 and 100; got 120");
        List<String> paths = problems.stream().map(Problem::path).toList();
        assertThat(paths).isSortedAccordingTo(JsonPointers.ORDER);
    }

    @Test
    void sameMistakeInManyItemsIsReportedForEach() {
        // Eleven services with the same mistake: eleven problems, /services/10 sorted after /services/2.
        StringBuilder sb = new StringBuilder("apiVersion: gpushare.dev/v1\ncluster: c\nservices:\n");
        for (int i = 0; i < 11; i++) {
            sb.append("  - {name: s").append(i).append(", taskDefinition: t, capacityProvider: p, desiredCount: -1}\n");
        }
        List<Problem> problems = validate(sb.toString());
        assertThat(problems).hasSize(11);
        assertThat(problems.get(2).path()).isEqualTo("/services/2/desiredCount");
        assertThat(problems.get(10).path()).isEqualTo("/services/10/desiredCount");
    }

    @Test
    void schemaTextIsTheSchemaFile() throws IOException {
        // The module layout puts the repository's schema/ next to provider/.
        Path file = Path.of("../../schema/gpushare.schema.json");
        assertThat(SchemaValidator.schemaText()).isEqualTo(Files.readString(file));
        JsonNode tree = tools.jackson.databind.json.JsonMapper.builder().build().readTree(SchemaValidator.schemaText());
        assertThat(tree.get("$schema").asString()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(tree.get("$id").asString()).isEqualTo("https://gpushare.dev/schema/v1/gpushare.schema.json");
    }

    @Test
    void everyPropertyHasADescriptionAndEveryObjectIsClosed() {
        JsonNode schema = tools.jackson.databind.json.JsonMapper.builder().build().readTree(SchemaValidator.schemaText());
        List<String> missing = new java.util.ArrayList<>();
        walk(schema, "", missing);
        assertThat(missing).isEmpty();
    }

    private static void walk(JsonNode node, String at, List<String> missing) {
        if (node.isObject()) {
            if ("object".equals(node.path("type").asString(""))
                    && !(node.has("additionalProperties") && node.get("additionalProperties").isBoolean()
                            && !node.get("additionalProperties").booleanValue())
                    && !node.has("oneOf")) {
                missing.add(at + " has no additionalProperties: false");
            }
            if (node.has("properties")) {
                for (String name : node.get("properties").propertyNames()) {
                    JsonNode p = node.get("properties").get(name);
                    if (!p.has("description")) missing.add(at + "/properties/" + name + " has no description");
                }
            }
            for (String name : node.propertyNames()) walk(node.get(name), at + "/" + name, missing);
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) walk(node.get(i), at + "/" + i, missing);
        }
    }
}
