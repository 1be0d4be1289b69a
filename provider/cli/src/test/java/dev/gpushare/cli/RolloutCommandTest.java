package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new image from the command line: plan shows the rollout and its waves, a saved plan carries
 * them, apply prints a line per wave, status shows the revision, and the next plan is empty.
 */
class RolloutCommandTest {
    @TempDir Path dir;

    @Test
    void aNewImageIsPlannedInWavesAppliedWaveByWaveAndThenNothingIsLeft() throws Exception {
        // 16 copies of 5,470 MiB fill one g6.12xlarge 97 % (4 per L4, 683 MiB free each); with
        // minimumHealthyPercent 75, ⌈12⌉ stay healthy: 4 stop first per wave, 4 waves
        String backend = "file:" + dir.resolve("state");
        Path v1 = Files.writeString(dir.resolve("v1.yaml"), EmbedderSpec.yaml("rollout", 1, 16, "1.5"));
        Path v2 = Files.writeString(dir.resolve("v2.yaml"), EmbedderSpec.yaml("rollout", 1, 16, "1.6"));
        assertThat(Main.capture("apply", v1.toString(), "--auto-approve", "--backend", backend).exitCode()).isZero();

        CliResult plan = Main.capture("plan", v2.toString(), "--backend", backend);
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("[wave 1]", "[wave 4]", "Rollouts", "embedder  ", "16 copies in 4 waves (waves 1–4), 16 stopped first",
                "at least 12 healthy, at most 32 running");

        Path saved = dir.resolve("v2.plan");
        assertThat(Main.capture("plan", v2.toString(), "--out", saved.toString(), "--backend", backend).exitCode()).isZero();
        assertThat(Files.readString(saved)).contains("\"wave\" : 4", "\"rollouts\"", "\"stopFirst\" : 16");

        CliResult apply = Main.capture("apply", saved.toString(), "--backend", backend);
        assertThat(apply.exitCode()).as(apply.err()).isZero();
        assertThat(apply.err()).contains("wave 1 of 4 done", "wave 4 of 4 done, about 16 of 16 copies");

        CliResult status = Main.capture("status", "--backend", backend);
        assertThat(status.out()).contains("revisions:").containsPattern("embedder  [0-9a-f]{12}  16 copies\\n");
        // the rollout's record, kept with the state: from → to, its last wave, completed
        assertThat(status.out()).contains("rollouts:\n").containsPattern("  embedder [0-9a-f]{12} → [0-9a-f]{12}: wave 4 of 4, completed\n");
        CliResult json = Main.capture("status", "--backend", backend, "--format", "json");
        assertThat(json.out()).contains("\"rollouts\": [", "\"group\": \"embedder\"", "\"wave\": 4", "\"waves\": 4",
                "\"phase\": \"completed\"");
        assertThat(Main.capture("plan", v2.toString(), "--backend", backend).out()).startsWith("No changes.");
    }
}
