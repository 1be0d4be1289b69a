package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SchemaValidator;
import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import dev.gpushare.pulumi.internal.PulumiSchema;
import dev.gpushare.pulumi.internal.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The Pulumi package schema against its source, gpushare.schema.json, and the committed SDK's copy. */
class PulumiSchemaTest {
    private static final JsonNode SPEC = Wire.JSON.readTree(SchemaValidator.schemaText());
    private static final JsonNode PULUMI = PulumiSchema.generate();

    static java.util.stream.Stream<ResourceKind> kinds() {
        return Kinds.all().stream();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void everySpecPropertyIsAnInputWithTheSameRequirements(ResourceKind kind) {
        JsonNode def = SPEC.get("$defs").get(kind.schemaDef());
        JsonNode resource = PULUMI.get("resources").get(kind.token());
        List<String> specProps = new ArrayList<>(def.get("properties").propertyNames());
        specProps.add("cluster");
        assertThat(resource.get("inputProperties").propertyNames()).containsExactlyInAnyOrderElementsOf(specProps);
        List<String> required = new ArrayList<>();
        def.get("required").forEach(r -> required.add(r.asString()));
        required.add("cluster");
        assertThat(resource.get("requiredInputs")).extracting(JsonNode::asString).containsExactlyInAnyOrderElementsOf(required);
    }

    @Test
    void integerAndStringTypesFollowTheSpec() {
        JsonNode cp = PULUMI.get("resources").get(Kinds.CAPACITY_PROVIDER.token()).get("inputProperties");
        assertThat(cp.get("maxInstances").get("type").asString()).isEqualTo("integer");
        assertThat(cp.get("gpuSharing").get("$ref").asString()).isEqualTo("#/types/gpushare:index:GpuSharing");
        JsonNode sharing = PULUMI.get("types").get("gpushare:index:GpuSharing").get("properties");
        assertThat(sharing.propertyNames()).contains("strategy", "maxClientsPerGpu", "partitionLayout", "replicas");
        JsonNode container = PULUMI.get("types").get("gpushare:index:Container").get("properties");
        assertThat(container.get("gpu").get("$ref").asString()).isEqualTo("pulumi.json#/Any"); // integer | "ALL" | fraction | object
    }

    @Test
    void theCommittedSdkWasGeneratedFromThisSchema() throws Exception {
        // regenerate with scripts/gen-pulumi-sdk when this fails
        JsonNode committed = Wire.JSON.readTree(Files.readString(Path.of("sdk/schema.json")));
        assertThat(committed).isEqualTo(PULUMI);
    }
}
