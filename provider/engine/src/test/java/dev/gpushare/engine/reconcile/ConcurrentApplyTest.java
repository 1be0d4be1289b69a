package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two processes apply different plans made against the same revision, at once: one wins, the other is refused. */
class ConcurrentApplyTest {
    @TempDir Path dir;

    @Test
    void twoProcessesOneWinsNoLostUpdateNoMix() throws Exception {
        String url = "file:" + dir.resolve("state");
        Plan small, big;
        try (Gpushare gs = Gpushare.backend(url)) {
            small = gs.plan(Specs.mpsService(40, 4096, 20));  // 2 launches + 40 places
            big = gs.plan(Specs.mpsService(100, 4096, 20));   // 5 launches + 100 places
        }
        Path ps = dir.resolve("small.plan"), pb = dir.resolve("big.plan");
        Files.writeString(ps, PlanJson.toJson(small));
        Files.writeString(pb, PlanJson.toJson(big));

        Process a = start(url, ps), b = start(url, pb);
        String ra = last(a), rb = last(b);
        assertThat(List.of(ra, rb)).containsExactlyInAnyOrder("done", "conflict");

        Plan winner = ra.equals("done") ? small : big;
        try (Gpushare gs = Gpushare.backend(url)) {
            // exactly the winner's actions, one per commit; nothing of the loser
            assertThat(gs.snapshot("scale").revision()).isEqualTo(winner.actions().size());
            assertThat(gs.status("scale")).isEqualTo(StateFold.apply(FleetState.empty("scale"), winner.actions()));
        }
    }

    private static Process start(String url, Path plan) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                "--enable-native-access=ALL-UNNAMED", CrashChild.class.getName(), url, plan.toString(), "1")
                .redirectErrorStream(true).start();
    }

    private static String last(Process p) throws Exception {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) lines.add(line);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("child output %s", lines).isZero();
        return lines.getLast();
    }
}
