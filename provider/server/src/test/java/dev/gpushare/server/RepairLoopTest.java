package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import dev.gpushare.server.agent.Agent;
import dev.gpushare.server.agent.AgentConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --reconcile} on PostgreSQL, in process: an instance marked unhealthy through the
 * API, one whose agent stopped reporting, and one whose agent's probe failed three times are each
 * replaced with no further call, start-before-stop, every copy placed once; the repair metrics say so.
 *
 * <p>The fleet: {@code Specs.spec("mended", 2, 1, 12)}: 8 copies per g6.12xlarge, 12 copies →
 * l4-mps-0 (8) and l4-mps-1 (4). A replacement of l4-mps-0 launches l4-mps-2, moves its 8 copies
 * there and terminates it: still 2 instances, 12 copies.
 */
@EnabledIfEnvironmentVariable(named = TestServers.PG_ENV, matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class RepairLoopTest {
    static final Duration GRACE = Duration.ofSeconds(2);
    static final String AGENT_TOKEN = "agent-token-for-l4-mps-1-0123";

    @TempDir Path dir;
    private PlacementServer server;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws Exception {
        TestServers.resetPg();
        server = PlacementServer.start(new ServerConfig(ServerConfig.DEFAULT_BIND, 0, TestServers.pgUrl(),
                List.of(TestServers.TOKEN, AGENT_TOKEN + " agent:mended/l4-mps-1"), null, null, ServerConfig.DEFAULT_BODY_LIMIT, 8)
                .withRepair(new RepairConfig(GRACE, Duration.ofMinutes(5), Duration.ofMillis(200))),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        Spec spec = Specs.spec("mended", 2, 1, 12);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            assertThat(gs.converge(spec).converged()).isTrue();
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anInstanceMarkedThroughTheApiIsReplacedWithNoFurtherCall() throws Exception {
        long t0;
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.markUnhealthy("mended", "l4-mps-0", "mps-daemon-unresponsive");
            t0 = System.nanoTime();
        }
        // within the grace nothing happens
        Thread.sleep(GRACE.toMillis() / 2);
        assertThat(ids(state())).contains("l4-mps-0");
        FleetState after = await(s -> !ids(s).contains("l4-mps-0"), Duration.ofSeconds(30));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("RepairLoopTest: marked through the API → replaced in %d ms (grace %d ms)%n", ms, GRACE.toMillis());
        assertThat(ms).isGreaterThanOrEqualTo(GRACE.toMillis());
        assertThat(ids(after)).containsExactly("l4-mps-1", "l4-mps-2");
        assertEveryCopyOnce(after, 12);
        assertThat(after.instances()).allMatch(Instance::healthy);
        String metrics = get("/metrics");
        assertThat(metrics).contains("gpushare_repairs_total 1").contains("gpushare_repair_seconds_count 1")
                .contains("gpushare_reconcile_leader 1").containsPattern("gpushare_last_converged_timestamp_seconds\\{cluster=\"mended\"} \\d");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("mended: replaced l4-mps-0");
    }

    @Test
    void anInstanceWhoseAgentFellSilentIsReplaced() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        StandIn standIn = new StandIn(bin);
        Agent agent = new Agent(new AgentConfig(server.url(), AGENT_TOKEN, "mended", "l4-mps-1", Duration.ofSeconds(1), standIn.env()),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(agent.round().status()).isEqualTo(200); // one heartbeat, then silence
        long t0 = System.nanoTime();
        FleetState after = await(s -> !ids(s).contains("l4-mps-1"), Duration.ofSeconds(30));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("RepairLoopTest: agent silent → replaced in %d ms (grace %d ms)%n", ms, GRACE.toMillis());
        assertThat(ms).isGreaterThanOrEqualTo(GRACE.toMillis() - 100);
        assertThat(ids(after)).containsExactly("l4-mps-0", "l4-mps-2");
        assertEveryCopyOnce(after, 12);
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("l4-mps-1 marked agent-silent").contains("replaced l4-mps-1");
    }

    /** The figure of docs/benchmarks.md: from the third failed probe to the replacement applied. */
    @Test
    void threeFailedProbesToReplacementApplied() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        StandIn standIn = new StandIn(bin);
        Agent agent = new Agent(new AgentConfig(server.url(), AGENT_TOKEN, "mended", "l4-mps-1", Duration.ofSeconds(1), standIn.env()),
                new PrintStream(new ByteArrayOutputStream()));
        standIn.mode("fails");
        agent.round();
        agent.round();
        Agent.Round third = agent.round();
        long t0 = System.nanoTime();
        assertThat(third.answer()).contains("\"change\":\"marked\"");
        FleetState after = await(s -> !ids(s).contains("l4-mps-1"), Duration.ofSeconds(30));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("RepairLoopTest: third failed probe → replacement applied in %d ms (grace %d ms, tick 200 ms, load %s)%n",
                ms, GRACE.toMillis(), Files.readString(Path.of("/proc/loadavg")).strip());
        assertThat(ms).isGreaterThanOrEqualTo(GRACE.toMillis() - 100);
        assertEveryCopyOnce(after, 12);
    }

    private FleetState state() {
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            return gs.status("mended");
        }
    }

    private FleetState await(Predicate<FleetState> done, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            FleetState s = state();
            if (done.test(s)) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("not repaired within " + within + ": " + ids(s) + "\n" + log);
            Thread.sleep(50);
        }
    }

    static List<String> ids(FleetState s) {
        return s.instances().stream().map(i -> i.id().toString()).toList();
    }

    /** Every copy 0 … n−1 of svc-0 placed exactly once. */
    static void assertEveryCopyOnce(FleetState s, int n) {
        List<String> tasks = s.instances().stream().flatMap(i -> i.gpus().stream()).flatMap(g -> g.allocations().stream())
                .map(a -> a.task().toString()).sorted().toList();
        assertThat(tasks).hasSize(n).doesNotHaveDuplicates();
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("Authorization", "Bearer " + TestServers.TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        return r.body();
    }
}
