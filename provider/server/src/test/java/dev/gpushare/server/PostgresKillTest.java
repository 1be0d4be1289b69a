package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.server.internal.PgStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server process SIGKILLed while a client applies a plan through it: the database holds the
 * state after some whole number of batches, never part of one; the client reports a network
 * failure; re-planning through a new server completes the apply.
 */
@EnabledIfEnvironmentVariable(named = TestServers.PG_ENV, matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class PostgresKillTest {
    @TempDir Path dir;

    @Test
    void aKilledServerLeavesWholeBatchesAndARetryCompletes() throws Exception {
        TestServers.resetPg();
        // 40 instances (160 L4s) and 2 services × 120 copies: ~40 launches + 240 placements ≈ 18 batches of 16
        Spec spec = Specs.spec("killed", 40, 2, 120);
        Process server = startServerProcess();
        String url = awaitUrl(server);
        Plan plan;
        try (Gpushare gs = Gpushare.using(HttpBackend.connect(url, TestServers.TOKEN, HttpBackend.Options.defaults()))) {
            plan = gs.plan(spec);
        }
        int batches = (plan.actions().size() + Reconciler.DEFAULT_BATCH - 1) / Reconciler.DEFAULT_BATCH;
        assertThat(batches).as("enough batches to be cut in the middle").isGreaterThan(8);

        HttpBackend client = HttpBackend.connect(url, TestServers.TOKEN, HttpBackend.Options.defaults().withAttempts(2));
        // a client that pauses 50 ms between batches, so that the kill finds the apply in progress
        ApplyListener slow = (done, total, revision) -> sleep(50);
        CompletableFuture<ApplyOutcome> apply = CompletableFuture.supplyAsync(() -> Reconciler.apply(client, plan, slow));
        try (PgStore db = PgStore.open(TestServers.pgUrl(), 2)) {
            // kill while batches are flowing: after the third has committed, without waiting for a boundary
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (db.read("killed").revision() < 3 && System.nanoTime() < deadline) Thread.onSpinWait();
            server.destroyForcibly(); // SIGKILL on Linux
            server.waitFor(10, TimeUnit.SECONDS);

            assertThatThrownBy(() -> apply.join()).hasCauseInstanceOf(BackendException.class)
                    .cause().satisfies(e -> assertThat(((BackendException) e).code().name()).isEqualTo("BACKEND_NETWORK"));
            client.close();

            Snapshot left = db.read("killed");
            long r = left.revision();
            assertThat(r).isBetween(3L, (long) batches - 1);
            List<Action> committed = plan.actions().subList(0, (int) Math.min(plan.actions().size(), r * Reconciler.DEFAULT_BATCH));
            FleetState expected = StateFold.apply(FleetState.empty("killed"), committed);
            assertThat(left.state()).as("the state after exactly %d whole batches", r).isEqualTo(expected);
        }

        Process again = startServerProcess();
        try (Gpushare gs = Gpushare.using(HttpBackend.connect(awaitUrl(again), TestServers.TOKEN, HttpBackend.Options.defaults()))) {
            Plan rest = gs.plan(spec);
            assertThat(rest.revision()).isPositive();
            assertThat(gs.apply(rest)).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(spec).isEmpty()).isTrue();
            assertThat(gs.status("killed").summary().allocations()).isEqualTo(240);
        } finally {
            again.destroyForcibly();
            again.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Process startServerProcess() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        return new ProcessBuilder(java, "-cp", cp, ServerProcessMain.class.getName(), TestServers.pgUrl(), TestServers.TOKEN)
                .redirectError(dir.resolve("server-" + System.nanoTime() + ".err").toFile())
                .start();
    }

    private static String awaitUrl(Process p) throws Exception {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (l.startsWith("listening ")) return l.substring("listening ".length()).strip();
                }
                throw new IllegalStateException("server process ended before listening");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return line.get(60, TimeUnit.SECONDS);
    }

}
