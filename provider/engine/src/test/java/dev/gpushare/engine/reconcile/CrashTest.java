package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A separate JVM applying a large plan is killed with SIGKILL at seeded random points, 20 times.
 * Each time the state is exactly the plan's first k actions (k from the revision: one action per
 * commit), the next plan + apply completes it, and no copy ever runs twice.
 */
class CrashTest {
    private static final long SEED = 20261129L;
    private static final int RUNS = 20;

    @TempDir Path dir;

    // 160 copies of 4,096 MiB, 20 per g6.12xlarge → 8 launches + 160 places = 168 actions
    private final Spec spec = Specs.mpsService(160, 4096, 20);

    @Test
    void killedApplyLeavesAConsistentPrefixAndTheNextApplyCompletesIt() throws Exception {
        Plan plan;
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("probe"))) {
            plan = gs.plan(spec);
        }
        assertThat(plan.actions()).hasSize(168);
        Path planFile = dir.resolve("big.plan");
        Files.writeString(planFile, PlanJson.toJson(plan));

        // one uninterrupted run tells how long an apply takes here, so kills land inside it
        long fullMillis = runChild(dir.resolve("full"), planFile, -1);
        Random random = new Random(SEED);
        List<Integer> prefixes = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            Path db = dir.resolve("run" + run);
            long killAfter = (long) (random.nextDouble() * fullMillis * 1.1);
            runChild(db, planFile, killAfter);
            try (Gpushare gs = Gpushare.backend("file:" + db)) {
                Snapshot after = gs.snapshot(spec.cluster());
                int k = (int) after.revision(); // one action per commit, from revision 0
                prefixes.add(k);
                FleetState expected = StateFold.apply(FleetState.empty(spec.cluster()), plan.actions().subList(0, k));
                assertThat(after.state()).as("run %d: state after the kill is the plan's first %d actions", run, k)
                        .isEqualTo(expected);
                assertNoCopyTwice(after.state());

                Plan rest = gs.plan(spec);
                assertThat(gs.apply(rest)).isInstanceOf(ApplyOutcome.Applied.class);
                FleetState done = gs.status(spec.cluster());
                assertNoCopyTwice(done);
                assertThat(done.summary().allocations()).isEqualTo(160);
                assertThat(gs.plan(spec).actions()).isEmpty();
            }
        }
        // the kills did land at different points, not all before or after the apply
        assertThat(prefixes.stream().distinct().count()).as("prefixes %s", prefixes).isGreaterThan(5);
        System.out.println("CrashTest: full apply " + fullMillis + " ms; actions committed when killed: " + prefixes);
    }

    /** Runs the child; kills it {@code killAfterMillis} after it is ready (never when negative). Returns its apply time. */
    static long runChild(Path db, Path planFile, long killAfterMillis) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // C1 only and the CDS archive: the child is short-lived, start-up dominates
        ProcessBuilder pb = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"),
                "--enable-native-access=ALL-UNNAMED", "-Dslf4j.internal.verbosity=ERROR",
                CrashChild.class.getName(), "file:" + db, planFile.toString(), "1").redirectErrorStream(true);
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("ready")) { /* JVM warnings */ }
        long ready = System.nanoTime();
        if (killAfterMillis >= 0) {
            if (!p.waitFor(killAfterMillis, TimeUnit.MILLISECONDS)) p.destroyForcibly(); // SIGKILL on Unix
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        if (killAfterMillis < 0) assertThat(p.exitValue()).isZero();
        return (System.nanoTime() - ready) / 1_000_000;
    }

    private static void assertNoCopyTwice(FleetState s) {
        Map<String, String> where = new HashMap<>();
        for (Instance i : s.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    String spot = i.id() + "/" + g.index() + "/" + a.container();
                    String before = where.put(a.task() + "/" + a.container(), spot);
                    assertThat(before).as("%s runs at %s and %s", a.task(), before, spot).isNull();
                }
            }
        }
    }
}
