package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/layout-advisor: {@code gpushare advise} chooses the MIG layout (golden output), and the
 * advised spec is valid and needs fewer instances than whole GPUs do.
 */
class AdviseGoldenTest {
    static final String SPEC = ExampleFolders.spec("layout-advisor").toString();

    @Test
    void adviseTextMatchesTheGoldenFile() {
        CliResult r = Main.capture("advise", SPEC);
        Golden.check(Path.of("layout-advisor", "advise.txt"), r.out());
        assertThat(r.err()).isEmpty();
        assertThat(r.exitCode()).isZero();
    }

    @Test
    void adviseJsonMatchesTheGoldenFile() {
        CliResult r = Main.capture("advise", SPEC, "--format", "json");
        Golden.check(Path.of("layout-advisor", "advise.json"), r.out());
        assertThat(r.exitCode()).isZero();
    }

    @Test
    void theAdvisedSpecPlacesEveryCopyOnOneInstance(@TempDir Path dir) throws Exception {
        // Whole GPUs: 4 + 6 + 8 + 4 = 22 copies, one GPU each → 3 instances of 8 GPUs (the spec's
        // instanceCount). Advised layout per H100: 3g.40gb + 2g.20gb + 1g.10gb + 1g.10gb (7 slices);
        // chat-70b 4 copies on 3g → 4 GPUs, chat-8b 6 on 2g → 6 GPUs, embed 8 + rerank 4 = 12 on the
        // two 1g per GPU → 6 GPUs; max = 6 GPUs → 1 instance.
        Path advised = Files.copy(Path.of(SPEC), dir.resolve("spec.yaml"));
        CliResult write = Main.capture("advise", advised.toString(), "--write");
        assertThat(write.exitCode()).isZero();
        assertThat(Files.readString(advised)).contains("instanceCount: 1", "mig-3g.40gb").doesNotContain("gpuMemoryMiB");

        CliResult place = Main.capture("place", advised.toString());
        assertThat(place.exitCode()).isZero();
        assertThat(place.out()).contains("summary: 1 instance, 8 GPUs, 22 allocations, 0 unplaced");
    }
}
