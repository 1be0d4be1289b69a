package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code place --format svg|html} prints the fleet picture. */
class FleetFormatTest {
    private static final String SPEC = "../../examples/sagemaker-mig/spec.yaml";

    @Test
    void svg() {
        CliResult r = Main.capture("place", "--format", "svg", SPEC);
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("<?xml").contains("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                .contains("data-instance=\"partition-demo-0\"").contains("data-gpu=\"partition-demo-0/7\"");
    }

    @Test
    void html() {
        CliResult r = Main.capture("place", "--format", "html", SPEC);
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("<!DOCTYPE html>").contains("<svg").endsWith("</html>\n");
    }
}
