package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.nio.file.Files;
import java.util.List;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saved plans on the command line: a plan made before a destroy does not apply after it, and a
 * hand-edited plan is refused whole with its problems, nothing written, nothing raw printed.
 */
class SavedPlanIntegrityTest {
    @TempDir Path dir;

    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: saved
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
            taskDefinitions:
              - family: embedder
                containers:
                  - {name: model, image: ghcr.io/acme/embedder:1, gpu: {nvidiaMps: {memory: %d, maxComputePercent: 25}}}
            services:
              - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: %d}
            """;

    private String backend() {
        return "file:" + dir.resolve("state");
    }

    private Path spec(String name, int memory, int copies) throws Exception {
        return Files.writeString(dir.resolve(name), SPEC.formatted(memory, copies));
    }

    @Test
    void aPlanSavedBeforeADestroyIsAConflictAfterIt() throws Exception {
        Path a = spec("a.yaml", 4096, 3), b = spec("b.yaml", 2048, 8), c = spec("c.yaml", 8192, 3);
        Path saved = dir.resolve("b.plan");
        assertThat(Main.capture("apply", a.toString(), "--auto-approve", "--backend", backend()).exitCode()).isZero();
        assertThat(Main.capture("plan", b.toString(), "--out", saved.toString(), "--backend", backend()).exitCode()).isZero();
        assertThat(Main.capture("destroy", "--cluster", "saved", "--auto-approve", "--backend", backend()).exitCode()).isZero();
        assertThat(Main.capture("apply", c.toString(), "--auto-approve", "--backend", backend()).exitCode()).isZero();
        String before = Main.capture("status", "--format", "json", "--backend", backend()).out();
        CliResult r = Main.capture("apply", saved.toString(), "--backend", backend());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.BACKEND);
        assertThat(r.err()).contains("plan made at revision 1", "plan again");
        assertThat(Main.capture("status", "--format", "json", "--backend", backend()).out()).isEqualTo(before);
    }

    @Test
    void aHandEditedPlanIsRefusedWholeAndPrintedSafely() throws Exception {
        Path a = spec("a.yaml", 4096, 3);
        Path saved = dir.resolve("a.plan");
        assertThat(Main.capture("plan", a.toString(), "--out", saved.toString(), "--backend", backend()).exitCode()).isZero();
        String json = Files.readString(saved);
        // an extra variable and a copy id holding a newline and a terminal escape
        String forged = json.replaceFirst("\"NVIDIA_VISIBLE_DEVICES\"", "\"LD_PRELOAD\": \"/tmp/evil.so\", \"NVIDIA_VISIBLE_DEVICES\"")
                .replace("\"embedder/2\"", "\"embedder/2\\n\\u001b[31mowned\"");
        assertThat(forged).isNotEqualTo(json);
        Files.writeString(saved, forged);
        CliResult r = Main.capture("apply", saved.toString(), "--backend", backend());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains(saved + ": ACTION_ENVIRONMENT /actions/", "LD_PRELOAD", "ACTION_MALFORMED_ID", "nothing was written")
                .doesNotContain("\u001b", "internal error");
        assertThat(r.out()).doesNotContain("\u001b");
        CliResult status = Main.capture("status", "--backend", backend());
        assertThat(status.exitCode()).as("nothing was applied: no cluster").isEqualTo(ExitCodes.USAGE);
    }

    /**
     * A hand-made plan whose every action holds on its own and whose end state fits, but which
     * overfills a GPU half-way: embedder/3 (12,000 MiB) is placed on GPU 0 of l4-0, which already
     * holds the three 4,096 MiB copies (12,288 MiB), before embedder/0 stops — 24,288 MiB on a GPU
     * of 22,563 after action 0, 20,192 at the end. Refused whole at /actions/0/to/0 with the
     * numbers, nothing written. (Before issue 22 only the end state was checked: applied.)
     */
    @Test
    void aHandMadePlanThatOverfillsAGpuHalfWayIsRefusedAndNothingIsWritten() throws Exception {
        Path a = spec("a.yaml", 4096, 3);
        assertThat(Main.capture("apply", a.toString(), "--auto-approve", "--backend", backend()).exitCode()).isZero();
        Snapshot now;
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            now = b.read("saved");
        }
        InstanceId l4 = InstanceId.parse("l4-0");
        Action.Placement e0 = now.state().instances().getFirst().gpus().getFirst().allocations().stream()
                .filter(x -> x.task().toString().equals("embedder/0")).findFirst()
                .map(x -> new Action.Placement(l4, 0, x)).orElseThrow();
        assertThat(now.state().instances().getFirst().gpus().getFirst().mpsReservedMiB()).isEqualTo(3 * 4096);
        Allocation big = new Allocation(TaskId.parse("embedder/3"), "model", 12_000L, 25, null, ContainerEnv.of(List.of(0), 0, 12_000L, 25, null));
        List<Action> actions = List.of(new Action.PlaceCopy(big.task(), List.of(new Action.Placement(l4, 0, big))),
                new Action.StopCopy(TaskId.parse("embedder/0"), List.of(e0)));
        Path saved = dir.resolve("forged.plan");
        Files.writeString(saved, PlanJson.toJson(new Plan("saved", now.revision(), actions, StateFold.apply(now.state(), actions), "0".repeat(64))));
        String before = Main.capture("status", "--format", "json", "--backend", backend()).out();

        CliResult r = Main.capture("apply", saved.toString(), "--backend", backend());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("ACTION_CAPACITY /actions/0/to/0", "embedder/3", "12000", "nothing was written");
        assertThat(Main.capture("status", "--format", "json", "--backend", backend()).out()).isEqualTo(before);
    }
}
