package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Two servers on one PostgreSQL database and 20 concurrent clients. Needs {@code
 * GPUSHARE_TEST_PG_URL} (.ci/run sets it with .ci/start-postgres); skipped without it.
 */
@EnabledIfEnvironmentVariable(named = TestServers.PG_ENV, matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class PostgresConcurrencyTest {
    static final int CLIENTS = 20;
    static PlacementServer one, two;

    @BeforeAll
    static void start() throws Exception {
        TestServers.resetPg();
        one = PlacementServer.start(ServerConfig.loopback(TestServers.pgUrl(), TestServers.TOKEN), TestServers.quiet());
        two = PlacementServer.start(ServerConfig.loopback(TestServers.pgUrl(), TestServers.TOKEN), TestServers.quiet());
    }

    @AfterAll
    static void stop() {
        if (one != null) one.close();
        if (two != null) two.close();
    }

    static PlacementServer server(int client) {
        return client % 2 == 0 ? one : two;
    }

    static long conflictsAnswered() {
        return one.answered(409) + two.answered(409);
    }

    @Test
    void noUpdateIsLostWhenTwentyClientsWriteOneCluster() throws Exception {
        // each client launches 5 instances, one batch each, re-reading after every 409:
        // 20 × 5 = 100 committed batches, so revision 100 and 100 instances, whatever the interleaving
        int perClient = 5;
        long conflictsBefore = conflictsAnswered();
        AtomicInteger conflicts = new AtomicInteger();
        List<Callable<Void>> work = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            work.add(() -> {
                try (HttpBackend b = TestServers.client(server(client))) {
                    for (int k = 0; k < perClient; k++) {
                        Action launch = new Action.LaunchInstance(instance(client * perClient + k), null);
                        while (true) {
                            Snapshot s = b.read("counter");
                            if (b.apply("counter", s.revision(), List.of(launch)) instanceof BatchResult.Committed) break;
                            conflicts.incrementAndGet();
                        }
                    }
                }
                return null;
            });
        }
        runAll(work);
        try (HttpBackend b = TestServers.client(one)) {
            Snapshot end = b.read("counter");
            assertThat(end.revision()).isEqualTo((long) CLIENTS * perClient);
            assertThat(end.state().instances()).hasSize(CLIENTS * perClient);
        }
        assertThat(conflictsAnswered() - conflictsBefore).as("every conflict answered 409").isEqualTo(conflicts.get());
    }

    @Test
    void plansAppliedConcurrentlyToOneAndToDifferentClustersConvergeWithoutDuplicates() throws Exception {
        // 10 clients apply the same spec to "shared" (3 services × 4 copies) and 10 clients each
        // their own cluster (2 services × 3 copies); losers of a race re-plan until the plan is empty
        Spec shared = Specs.spec("shared", 2, 3, 4);
        Map<String, Spec> specs = new HashMap<>();
        specs.put("shared", shared);
        List<Callable<Void>> work = new ArrayList<>();
        AtomicInteger conflicts = new AtomicInteger();
        long conflictsBefore = conflictsAnswered();
        CyclicBarrier planned = new CyclicBarrier(CLIENTS);
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            Spec spec = client < CLIENTS / 2 ? shared : Specs.spec("team-" + client, 1, 2, 3);
            specs.put(spec.cluster(), spec);
            work.add(() -> {
                try (Gpushare gs = Gpushare.using(TestServers.client(server(client)))) {
                    for (int round = 0; round < 50; round++) {
                        Plan plan = gs.plan(spec);
                        // the first plans are all made before any apply: the race on "shared" is certain
                        if (round == 0) planned.await(60, TimeUnit.SECONDS);
                        if (plan.isEmpty()) return null;
                        if (gs.apply(plan) instanceof ApplyOutcome.Conflict) conflicts.incrementAndGet();
                    }
                    throw new AssertionError("client " + client + " did not converge in 50 rounds");
                }
            });
        }
        runAll(work);
        // all 10 first plans of "shared" were made at revision 0 and only one can commit at it
        assertThat(conflicts.get()).as("conflicts of the 10 clients racing on one cluster").isGreaterThanOrEqualTo(9);
        // the reconciler reads the revision before its first batch (to check the plan against that
        // state), so a loser that starts after the winner committed stops without a request: the
        // server answered 409 to the others
        assertThat(conflictsAnswered() - conflictsBefore).as("conflicts answered 409").isBetween(0L, (long) conflicts.get());
        try (Gpushare gs = Gpushare.using(TestServers.client(two))) {
            for (Spec spec : specs.values()) {
                assertThat(gs.plan(spec).isEmpty()).as("plan after apply of " + spec.cluster()).isTrue();
                FleetState state = gs.status(spec.cluster());
                int expected = spec.cluster().equals("shared") ? 12 : 6;
                Map<String, Integer> copiesByTask = new HashMap<>();
                for (Instance i : state.instances()) {
                    for (Gpu g : i.gpus()) {
                        for (Allocation a : g.allocations()) copiesByTask.merge(a.task() + "/" + a.container(), 1, Integer::sum);
                        // no GPU holds more MPS memory than it has
                        assertThat(g.allocations().stream().mapToLong(a -> a.memoryMiB() == null ? 0 : a.memoryMiB()).sum())
                                .isLessThanOrEqualTo(g.memoryMiB());
                    }
                }
                assertThat(copiesByTask).as("each copy placed once in " + spec.cluster()).hasSize(expected)
                        .allSatisfy((task, n) -> assertThat(n).as(task).isEqualTo(1));
            }
        }
    }

    @Test
    void aRetriedKeyIsRememberedAcrossServers() {
        try (HttpBackend a = TestServers.client(one); HttpBackend b = TestServers.client(two)) {
            List<Action> launch = List.of(new Action.LaunchInstance(instance(0), null));
            BatchResult first = a.apply("keys", 0, launch, "retry-key");
            assertThat(b.apply("keys", 0, launch, "retry-key")).isEqualTo(first).isEqualTo(new BatchResult.Committed(1));
            assertThat(b.read("keys").revision()).isEqualTo(1);
        }
    }

    @Test
    void declaredResourcesRoundTrip() {
        try (HttpBackend a = TestServers.client(one); HttpBackend b = TestServers.client(two)) {
            DeclaredResources da = a.declaredResources().orElseThrow();
            DeclaredResources db = b.declaredResources().orElseThrow();
            da.declare("decl", "services/embedder", json("{\"name\":\"embedder\",\"desiredCount\":2}"));
            da.declare("decl", "taskDefinitions/embedder", json("{\"family\":\"embedder\"}"));
            db.declare("decl", "services/embedder", json("{\"name\":\"embedder\",\"desiredCount\":3}"));
            assertThat(da.declared("decl")).containsExactly(
                    Map.entry("services/embedder", json("{\"name\":\"embedder\",\"desiredCount\":3}")),
                    Map.entry("taskDefinitions/embedder", json("{\"family\":\"embedder\"}")));
            db.undeclare("decl", "services/embedder");
            db.undeclare("decl", "services/absent");
            assertThat(da.declared("decl")).containsOnlyKeys("taskDefinitions/embedder");
        }
    }

    private static tools.jackson.databind.node.ObjectNode json(String text) {
        return DeclaredResources.fromText(text);
    }

    /** Instance {@code l4-mps-N}: a g6.12xlarge as the catalog has it (the apply-time check holds launches to it). */
    static Instance instance(int n) {
        return dev.gpushare.engine.plan.Fleet.mpsInstance("l4-mps-" + n, "l4-mps", List.of());
    }

    static void runAll(List<Callable<Void>> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(work.size());
        try {
            List<Future<Void>> futures = pool.invokeAll(work, 90, TimeUnit.SECONDS);
            for (Future<Void> f : futures) f.get();
        } finally {
            pool.shutdownNow();
        }
    }
}
