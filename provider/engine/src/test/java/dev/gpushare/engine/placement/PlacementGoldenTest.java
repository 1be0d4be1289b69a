package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.GoldenFiles;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.StateText;

/** The text and JSON of `place` for specs under src/test/resources/placement/, against golden files. */
class PlacementGoldenTest {

    @ParameterizedTest
    @ValueSource(strings = {"mps-and-whole", "sagemaker-endpoints", "fractional-timeslicing-mig"})
    void placeMatchesGolden(String name) {
        FleetState s = Specs.place(Specs.resource("/placement/" + name + ".yaml"));
        GoldenFiles.assertMatches("placement/" + name + ".txt", StateText.render(s));
        GoldenFiles.assertMatches("placement/" + name + ".json", StateJson.toJson(s));
        assertThat(StateJson.fromJson(StateJson.toJson(s))).isEqualTo(s);
    }
}
