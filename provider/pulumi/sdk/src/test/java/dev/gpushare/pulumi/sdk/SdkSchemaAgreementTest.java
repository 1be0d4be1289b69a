package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every committed SDK names the same resource tokens, input properties (with the same required
 * ones) and output properties as the package schema: a program in any language sees the same
 * resources. Read from the generated sources, so it needs no tool.
 */
class SdkSchemaAgreementTest {
    static Stream<Arguments> sdks() {
        return Stream.of(
                Arguments.of("java", (Supplier<SortedMap<String, ResourceShape>>) () -> JavaSdkReader.read(SdkLayout.JAVA)),
                Arguments.of("nodejs", (Supplier<SortedMap<String, ResourceShape>>) () -> TypeScriptSdkReader.read(SdkLayout.NODEJS)),
                Arguments.of("python", (Supplier<SortedMap<String, ResourceShape>>) () ->
                        PythonSdkReader.read(SdkLayout.PYTHON.resolve("pulumi_gpushare"))),
                Arguments.of("go", (Supplier<SortedMap<String, ResourceShape>>) () -> GoSdkReader.read(SdkLayout.GO.resolve("gpushare"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sdks")
    void namesTheSchemasResourcesInputsAndOutputs(String language, Supplier<SortedMap<String, ResourceShape>> sdk) {
        SortedMap<String, ResourceShape> expected = SdkLayout.schemaResources();
        SortedMap<String, ResourceShape> actual = sdk.get();
        assertThat(actual.keySet()).as(language + " resource tokens").containsExactlyElementsOf(expected.keySet());
        for (ResourceShape want : expected.values()) {
            ResourceShape got = actual.get(want.token());
            assertThat(got.inputs()).as(language + " " + want.token() + " inputs (name → required)").isEqualTo(want.inputs());
            assertThat(got.outputs()).as(language + " " + want.token() + " output properties").isEqualTo(want.outputs());
        }
    }

    @Test
    void theSchemaDeclaresEveryKindOfResource() {
        // the five spec sections (CONTRACT.md §1): a reader that found nothing would agree with an empty schema
        assertThat(SdkLayout.schemaResources().keySet()).containsExactly(
                "gpushare:index:CapacityProvider", "gpushare:index:Endpoint", "gpushare:index:InferenceComponent",
                "gpushare:index:Service", "gpushare:index:TaskDefinition");
        assertThat(SdkLayout.schemaResources().get("gpushare:index:Service").outputs()).contains("copies", "unplaced");
    }
}
