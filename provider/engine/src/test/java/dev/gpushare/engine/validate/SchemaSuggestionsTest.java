package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.internal.SchemaSuggestions;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaSuggestionsTest {

    private static final List<String> SERVICE = List.of("name", "taskDefinition", "capacityProvider", "desiredCount", "placementStrategy");
    private static final List<String> TASK = List.of("family", "cpu", "memory", "containers");

    // distance: case is ignored; a swap of neighbours is one edit
    @ParameterizedTest
    @CsvSource({
        "desiredcount,       desiredCount",      // 0 after case folding
        "desiredCont,        desiredCount",      // 1 insertion
        "dseiredCount,       desiredCount",      // 1 swap
        "taskDefintion,      taskDefinition",    // 1 swap
        "capacityprovders,   capacityProvider",  // 2: insert "i", drop the "s"
        "nmae,               name",              // 1 swap
    })
    void suggestsTheClosestName(String given, String expected) {
        assertThat(SchemaSuggestions.closest(given, SERVICE)).contains(expected);
    }

    @ParameterizedTest
    @CsvSource({"foo", "replicas", "xyzzy"})
    void suggestsNothingWhenNothingIsClose(String given) {
        assertThat(SchemaSuggestions.closest(given, TASK)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"abc, abc, 0", "abc, acb, 1", "kitten, sitting, 3", "'', abc, 3", "ca, abc, 3"})
    void optimalStringAlignmentDistance(String a, String b, int d) {
        assertThat(SchemaSuggestions.distance(a, b)).isEqualTo(d);
    }
}
