package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.NameRule;
import dev.gpushare.model.problem.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one name rule ({@link NameRule}, 63 characters: a Kubernetes label value's limit) is what the
 * schema says and what both the spec check and the apply-time action check apply: a name of 63
 * characters passes both, one of 64 is refused by both.
 */
class NameRuleTest {
    @Test
    void theSchemaSaysWhatTheRuleIs() throws Exception {
        JsonNode name = JsonMapper.builder().build().readTree(SchemaValidator.schemaText()).path("$defs").path("name");
        assertThat(name.path("pattern").asString()).isEqualTo("^" + NameRule.REGEX + "$");
        assertThat(name.path("patternErrorMessage").asString()).isEqualTo("use " + NameRule.TEXT);
        assertThat(name.path("description").asString()).startsWith("A name: " + NameRule.TEXT);
        assertThat(NameRule.REGEX).isEqualTo("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    }

    // a first character and 62 more is 63; one more is 64
    @ParameterizedTest(name = "a name of {0} characters: valid {1}")
    @CsvSource({"1, true", "63, true", "64, false"})
    void specAndActionsApplyTheSameLength(int length, boolean valid) throws Exception {
        String name = "s" + "x".repeat(length - 1);
        assertThat(NameRule.valid(name)).isEqualTo(valid);

        // the spec: the example's first service renamed
        String spec = Files.readString(Path.of("../../examples/mps-sharing/spec.yaml"))
                .replaceFirst("(?m)^  - name: (\\S+)\\n    taskDefinition", "  - name: " + name + "\n    taskDefinition");
        assertThat(spec).contains("name: " + name);
        List<Problem> specProblems = SpecValidator.validateText("spec.yaml", spec).problems();
        if (valid) {
            assertThat(specProblems).isEmpty();
        } else {
            assertThat(specProblems).singleElement().satisfies(p -> {
                assertThat(p.path()).isEqualTo("/services/0/name");
                assertThat(p.message()).contains("1 to 63 characters");
            });
        }

        // an action: an instance of a capacity provider of that name
        FleetState empty = Fleet.state("c");
        Action launch = new Action.LaunchInstance(Fleet.mpsInstance(name + "-0", name, List.of()), null, null);
        List<Problem> actionProblems = ActionCheck.batch(List.of(launch), StateView.of(empty), Catalog.builtIn());
        if (valid) {
            assertThat(actionProblems).isEmpty();
        } else {
            assertThat(actionProblems).extracting(p -> p.code().name() + " " + p.path())
                    .containsExactly("ACTION_MALFORMED_ID /actions/0/instance/id", "ACTION_MALFORMED_ID /actions/0/instance/capacityProvider");
        }
    }
}
