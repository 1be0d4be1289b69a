package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/unhealthy-replacement: the README's CLI steps, run in-process in that order against a
 * fresh local backend, with the transcript compared to {@code golden/unhealthy-replacement/walkthrough.txt}.
 * The temporary backend is written as the README's {@code file:/tmp/gpushare-demo/state}.
 */
class ReplacementWalkthroughTest {
    static final String README_BACKEND = "file:/tmp/gpushare-demo/state";
    static final String README_SPEC = "examples/unhealthy-replacement/spec.yaml";

    @Test
    void theReadmeStepsReplaceTheUnhealthyInstance(@TempDir Path dir) {
        String backend = "file:" + dir.resolve("state");
        String spec = ExampleFolders.spec("unhealthy-replacement").toString();
        List<List<String>> steps = List.of(
                List.of("apply", spec, "--auto-approve", "--backend", backend),
                List.of("instance", "mark-unhealthy", "l4-mps-0", "--reason", "mps-daemon-unresponsive", "--backend", backend),
                List.of("plan", spec, "--backend", backend),
                List.of("apply", spec, "--auto-approve", "--backend", backend),
                List.of("status", "--backend", backend));
        StringBuilder transcript = new StringBuilder();
        List<CliResult> results = new ArrayList<>();
        for (List<String> step : steps) {
            CliResult r = Main.capture(step.toArray(String[]::new));
            assertThat(r.err()).as(String.join(" ", step)).isEmpty();
            assertThat(r.exitCode()).as(String.join(" ", step)).isZero();
            results.add(r);
            transcript.append("$ ./gpushare ").append(readme(String.join(" ", step), spec, backend)).append('\n')
                    .append(readme(r.out(), spec, backend)).append('\n');
        }
        Golden.check(Path.of("unhealthy-replacement", "walkthrough.txt"), transcript.toString());

        // 16 copies at 2 per L4 fill l4-mps-0 and l4-mps-1; the plan launches l4-mps-2, moves the
        // 8 copies of l4-mps-0 there and terminates it last: 1 + 8 + 1 actions
        String plan = results.get(2).out();
        assertThat(plan).contains("+ launch   l4-mps-2", "- terminate l4-mps-0 — unhealthy: mps-daemon-unresponsive",
                "Plan: 1 instance to launch, 0 copies to place, 8 to move, 0 to stop, 1 instance to terminate.");
        assertThat(plan.indexOf("+ launch")).isLessThan(plan.indexOf("~ move")).as("launch before moves");
        assertThat(plan.lastIndexOf("~ move")).isLessThan(plan.indexOf("- terminate")).as("terminate last");
        // afterwards the fleet is l4-mps-1 and l4-mps-2, all 16 copies placed
        assertThat(results.get(4).out()).doesNotContain("l4-mps-0").contains("l4-mps-2",
                "summary: 2 instances, 8 GPUs, 16 allocations, 0 unplaced");
    }

    /** The text as a user following the README sees it: the README's paths instead of the test's. */
    private static String readme(String text, String spec, String backend) {
        return text.replace(backend, README_BACKEND).replace(spec, README_SPEC);
    }
}
