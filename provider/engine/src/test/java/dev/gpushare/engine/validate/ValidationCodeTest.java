package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.SpecReader;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The codes list is what the troubleshooting docs are generated from: it must be complete. */
class ValidationCodeTest {
    /** Codes the file corpus cannot produce, and the test that covers each instead. */
    private static final Set<ValidationCode> COVERED_ELSEWHERE = EnumSet.of(
            ValidationCode.MPS_NOT_SUPPORTED,               // SemanticRulesTest: no catalog GPU lacks MPS
            ValidationCode.TIME_SLICING_TOO_FEW_REPLICAS);  // SemanticRulesTest: the schema stops a file first

    @Test
    void everyEntryIsExercisedByTheCorpusOrNamedTest() {
        Set<String> emitted = emittedOnCorpus();
        for (ValidationCode code : ValidationCode.values()) {
            if (COVERED_ELSEWHERE.contains(code)) continue;
            assertThat(emitted).as("a corpus case for " + code).contains(code.name());
        }
    }

    @Test
    void everyEntrySaysCauseAndFixInOneLine() {
        for (ValidationCode code : ValidationCode.values()) {
            assertThat(code.cause()).as(code.name()).isNotBlank().doesNotContain("\n").endsWith(".");
            assertThat(code.fix()).as(code.name()).isNotBlank().doesNotContain("\n").endsWith(".");
        }
    }

    /** The codes the semantic rules emit on every corpus spec that binds (valid and invalid). */
    private static Set<String> emittedOnCorpus() {
        Set<String> codes = new TreeSet<>();
        for (String kind : new String[] {"invalid", "valid"}) {
            for (Corpus.Case c : Corpus.cases(kind)) {
                var parsed = c.files().stream().map(SpecReader::parse).filter(ParsedFile::parsed)
                        .filter(f -> SchemaValidator.validate(f.tree()).isEmpty()).toList();
                if (parsed.isEmpty()) continue;
                var spec = SpecReader.bind(parsed).spec();
                if (spec != null) SemanticRules.check(ResolvedSpec.of(spec)).forEach(p -> codes.add(p.code().name()));
            }
        }
        return codes;
    }
}
