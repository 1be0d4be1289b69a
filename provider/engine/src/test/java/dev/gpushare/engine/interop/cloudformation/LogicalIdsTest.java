package dev.gpushare.engine.interop.cloudformation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.interop.cloudformation.internal.LogicalIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Logical ids are letters and digits only, from the spec's names, and unique. */
class LogicalIdsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "l4-mps, L4Mps",
            "embeddings-prod, EmbeddingsProd",
            "llama-3-8b-instruct, Llama38bInstruct",
            "e5.large_v2, E5LargeV2",
            "a10g-whole, A10gWhole",
            "---, X"})
    void pascalCaseOfTheName(String name, String id) {
        assertThat(LogicalIds.pascal(name)).isEqualTo(id);
    }

    @Test
    void namesThatMeetGetANumber() {
        LogicalIds ids = new LogicalIds();
        // a-b and a.b both give AB; the kind's suffix keeps ids of different kinds apart
        assertThat(ids.of("a-b", "Service")).isEqualTo("ABService");
        assertThat(ids.of("a.b", "Service")).isEqualTo("AB2Service");
        assertThat(ids.of("a_b", "Service")).isEqualTo("AB3Service");
        assertThat(ids.of("a-b", "TaskDefinition")).isEqualTo("ABTaskDefinition");
        // ids that differ only in case would confuse people: ab's AbService, Ab2Service and Ab3Service are taken (case aside)
        assertThat(ids.of("ab", "Service")).isEqualTo("Ab4Service");
    }
}
