package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * validate and place end to end on small specs: which stream gets what, and the exit status for
 * valid, invalid and unplaceable specs.
 */
class CommandExitCodesTest {
    // one g6.12xlarge (4 x L4, 22,563 MiB usable each) at most; 5 copies of 20,000 MiB need 5 GPUs,
    // one GPU each (two do not fit one GPU: 40,000 > 22,563), so 4 are placed and 1 is not
    static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: tiny
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 1}
            taskDefinitions:
              - family: big
                containers:
                  - {name: model, image: ghcr.io/acme/big:1, gpu: {nvidiaMps: {memory: 20000}}}
            services:
              - {name: big, taskDefinition: big, capacityProvider: l4, desiredCount: %d}
            """;

    @TempDir
    Path dir;

    Path spec(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void validateOfAValidSpecSaysSo() throws Exception {
        Path f = spec("ok.yaml", SPEC.formatted(4));
        CliResult r = Main.capture("validate", f.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).isEqualTo(f + ": valid\n");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void validateOfAnInvalidSpecPrintsEveryProblemOnStdoutWithItsLine() throws Exception {
        // a service naming a capacity provider that does not exist (line 10 of the text block)
        Path f = spec("bad.yaml", SPEC.formatted(1).replace("capacityProvider: l4,", "capacityProvider: l5,"));
        CliResult r = Main.capture("validate", f.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out().lines()).anyMatch(l -> l.startsWith(f + ":10:") && l.contains("UNKNOWN_CAPACITY_PROVIDER /services/0/capacityProvider: "));
        assertThat(r.out().lines().toList()).last().isEqualTo("1 problem in 1 file");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void validateJsonHasTheContractShape() throws Exception {
        Path f = spec("bad.yaml", SPEC.formatted(1).replace("desiredCount", "desiredCont"));
        CliResult r = Main.capture("validate", "--format", "json", f.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out().replaceAll("\\s+", ""))
                .startsWith("{\"valid\":false,\"problems\":[{\"file\":\"" + f + "\",\"path\":\"/services/0/desiredCont\",\"code\":\"UNKNOWN_PROPERTY\",\"message\":");
    }

    @Test
    void placeOfASpecThatFitsExitsZero() throws Exception {
        CliResult r = Main.capture("place", spec("ok.yaml", SPEC.formatted(4)).toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("l4-0").contains("big/3");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void placeExitsThreeWhenACopyDoesNotFit() throws Exception {
        CliResult r = Main.capture("place", "--format", "json", spec("five.yaml", SPEC.formatted(5)).toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.UNPLACED);
        assertThat(r.out()).contains("\"unplaced\"").contains("\"task\": \"big/4\"");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void placeOfAnInvalidSpecPrintsTheProblemsOnStderrAndNothingOnStdout() throws Exception {
        Path f = spec("bad.yaml", SPEC.formatted(1).replace("g6.12xlarge", "g6.12xlarg"));
        CliResult r = Main.capture("place", f.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("UNKNOWN_INSTANCE_TYPE /capacityProviders/0/instanceType");
    }
}
