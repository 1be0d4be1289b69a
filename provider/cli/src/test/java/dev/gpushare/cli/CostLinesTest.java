package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost lines through plan, apply, status and the pictures, on examples/mps-sharing: one
 * g6.12xlarge at 4.6016 $/h; 73,728 of 90,252 MiB allocated; free fragments 35, 2,083, 1,059 and
 * 13,347 MiB against a smallest copy of 3,072: stranded 35 + 2,083 + 1,059 = 3,177 MiB.
 */
class CostLinesTest {
    private static final String SPEC = "../../examples/mps-sharing/spec.yaml";

    @Test
    void planApplyStatusAndPicturesCarryTheCost(@TempDir Path dir) throws Exception {
        String backend = "file:" + dir.resolve("state");

        CliResult plan = Main.capture("plan", SPEC, "--backend", backend);
        assertThat(plan.exitCode()).isZero();
        assertThat(plan.out()).contains("$/hour 0.00 → 4.60 (+4.60); instances 0 → 1")
                .contains("capacityProvider l4-mps  1 × g6.12xlarge    4.60  73728 / 90252 (81.7%)   0 of 4     3177");

        CliResult planJson = Main.capture("plan", SPEC, "--backend", backend, "--format", "json");
        assertThat(planJson.out()).contains("\"costPerHourBefore\" : 0", "\"costPerHourAfter\" : 4.6016", "\"stranded\" : 3177");

        assertThat(Main.capture("apply", SPEC, "--backend", backend, "--auto-approve").exitCode()).isZero();
        CliResult status = Main.capture("status", "--backend", backend);
        assertThat(status.out()).contains("total                    1                  4.60  73728 / 90252 (81.7%)   0 of 4     3177");

        // status with the spec: its pricing applies (a 50 % discount halves the figure)
        Path priced = dir.resolve("priced.yaml");
        Files.writeString(priced, Files.readString(Path.of(SPEC)) + "pricing:\n  discountPercent: 50\n");
        CliResult discounted = Main.capture("status", "--backend", backend, "--spec", priced.toString(), "--format", "json");
        assertThat(discounted.exitCode()).isZero();
        assertThat(discounted.out()).contains("\"costPerHour\": 2.3008", "\"discountPercent\": 50,");

        CliResult svg = Main.capture("status", "--backend", backend, "--format", "svg");
        assertThat(svg.out()).contains("<g class=\"cost\" data-cost-per-hour=\"4.6016\" data-allocated-mib=\"73728\""
                + " data-usable-mib=\"90252\" data-stranded-mib=\"3177\">");
        assertThat(Main.capture("place", SPEC, "--format", "html").out()).contains("class=\"pool-cost\" data-owner=\"l4-mps\"");
    }
}
