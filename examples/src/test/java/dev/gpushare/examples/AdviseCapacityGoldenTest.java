package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code gpushare advise capacity} on examples/mps-sharing and examples/mixed-inference: the tables
 * (golden, text and JSON), and the chosen spec written with --write validates, places every copy and
 * costs exactly what the advice says.
 */
class AdviseCapacityGoldenTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest(name = "advise capacity {0}")
    @ValueSource(strings = {"mps-sharing", "mixed-inference"})
    void tablesMatchTheGoldenFiles(String example) {
        String spec = ExampleFolders.spec(example).toString();
        CliResult text = Main.capture("advise", "capacity", spec);
        Golden.check(Path.of(example, "advise-capacity.txt"), text.out());
        assertThat(text.exitCode()).isZero();
        CliResult json = Main.capture("advise", "capacity", spec, "--format", "json", "--top", "8");
        Golden.check(Path.of(example, "advise-capacity.json"), json.out());
        assertThat(json.exitCode()).isZero();
        CliResult mig = Main.capture("advise", "capacity", spec, "--isolation", "mig");
        Golden.check(Path.of(example, "advise-capacity-mig.txt"), mig.out());
    }

    @ParameterizedTest(name = "the spec advise capacity {0} chooses")
    @ValueSource(strings = {"mps-sharing", "mixed-inference"})
    void theChosenSpecValidatesPlacesEverythingAndCostsWhatTheAdviceSays(String example, @TempDir Path dir) {
        for (String isolation : List.of("any", "mps", "mig")) {
            Path out = dir.resolve(example + "-" + isolation + ".yaml");
            CliResult advise = Main.capture("advise", "capacity", ExampleFolders.spec(example).toString(),
                    "--isolation", isolation, "--format", "json", "--write", out.toString());
            assertThat(advise.exitCode()).as(isolation).isZero();
            JsonNode advice = JSON.readTree(advise.out());

            assertThat(Main.capture("validate", out.toString()).exitCode()).as(isolation).isZero();
            CliResult place = Main.capture("place", out.toString(), "--format", "json");
            assertThat(place.exitCode()).as("every copy placed (" + isolation + ")").isZero();
            JsonNode summary = JSON.readTree(place.out()).get("summary");
            assertThat(summary.get("unplaced").asInt()).isZero();
            assertThat(summary.get("costPerHour").decimalValue())
                    .as("the chosen spec costs what the advice says (" + isolation + ")")
                    .isEqualByComparingTo(advice.get("total").get("costPerHour").decimalValue());
            assertThat(summary.get("instances").asInt()).isEqualTo(advice.get("total").get("instances").asInt());
            // sharing pools never costs more than each workload on its own cheapest pool
            JsonNode total = advice.get("total");
            assertThat(total.get("costPerHour").decimalValue()).as(isolation)
                    .isLessThanOrEqualTo(total.get("apartCostPerHour").decimalValue());
            // both examples' specs use MPS or whole GPUs, so under any and mps the spec as given is an
            // allowed alternative and the choice is no dearer; under mig, mps-sharing's MPS pool is not
            if (!isolation.equals("mig")) {
                assertThat(total.get("costPerHour").decimalValue()).as(isolation)
                        .isLessThanOrEqualTo(total.get("givenCostPerHour").decimalValue());
            }
        }
    }
}
