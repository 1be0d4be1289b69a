package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import dev.gpushare.server.agent.Agent;
import dev.gpushare.server.agent.AgentConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpushare agent} against a real server (embedded store) with a stand-in {@code
 * nvidia-cuda-mps-control} on the agent's PATH: three failed probes in a row mark the instance,
 * one success clears the agent's own mark (a person's mark stays), a probe that hangs past 3 s is
 * a failure; the agent's token reaches its own instance's report and nothing else; unknown
 * instance, refused token and missing binary are each said plainly.
 *
 * <p>The fleet: {@code Specs.spec("agents", 2, 1, 12)}: 12 copies of 8,192 MiB, two per L4, four
 * L4 per g6.12xlarge → 8 per instance, so 2 instances (l4-mps-0 with 8, l4-mps-1 with 4).
 */
class AgentProbeTest {
    static final String AGENT_TOKEN = "agent-token-for-l4-mps-0-0123";
    static final String OTHER_AGENT_TOKEN = "agent-token-for-l4-mps-9-0123";

    @TempDir Path dir;
    private PlacementServer server;
    private StandIn standIn;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws Exception {
        server = PlacementServer.start(new ServerConfig(ServerConfig.DEFAULT_BIND, 0, "file:" + dir.resolve("state.db"),
                List.of(TestServers.TOKEN, AGENT_TOKEN + " agent:agents/l4-mps-0", OTHER_AGENT_TOKEN + " agent:agents/l4-mps-9"),
                null, null, ServerConfig.DEFAULT_BODY_LIMIT, 8), TestServers.quiet());
        Spec spec = Specs.spec("agents", 2, 1, 12);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            assertThat(gs.converge(spec).converged()).isTrue();
            assertThat(gs.status("agents").instances()).extracting(i -> i.id().toString()).containsExactly("l4-mps-0", "l4-mps-1");
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        standIn = new StandIn(bin);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Agent agent(String token, String instance, Map<String, String> env) {
        return new Agent(new AgentConfig(server.url(), token, "agents", instance, Duration.ofSeconds(1), env),
                new PrintStream(said, true, StandardCharsets.UTF_8));
    }

    private Instance instance(String id) {
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            return gs.status("agents").instances().stream().filter(i -> i.id().toString().equals(id)).findFirst().orElseThrow();
        }
    }

    @Test
    void threeFailuresMarkOneSuccessClears() throws Exception {
        Agent a = agent(AGENT_TOKEN, "l4-mps-0", standIn.env());
        assertThat(a.round()).satisfies(r -> {
            assertThat(r.probeOk()).isTrue();
            assertThat(r.status()).isEqualTo(200);
        });
        assertThat(standIn.asked()).containsExactly("get_server_list");

        standIn.mode("fails");
        for (int n = 1; n <= 2; n++) {
            Agent.Round r = a.round();
            assertThat(r.consecutiveFailures()).isEqualTo(n);
            assertThat(r.healthy()).as("still healthy after %d failure(s)", n).isTrue();
            assertThat(instance("l4-mps-0").healthy()).isTrue();
        }
        Agent.Round third = a.round();
        assertThat(third.healthy()).isFalse();
        assertThat(third.answer()).contains("\"change\":\"marked\"");
        Instance marked = instance("l4-mps-0");
        assertThat(marked.healthy()).isFalse();
        assertThat(marked.healthReason()).startsWith("agent: mps-daemon-unresponsive: nvidia-cuda-mps-control exited with status 1")
                .contains("Cannot find MPS control daemon process").endsWith("(3 consecutive failed probes)");

        // a fourth failure changes nothing; one success clears the mark
        assertThat(a.round().answer()).contains("\"change\":\"none\"");
        standIn.mode("answers");
        assertThat(a.round().answer()).contains("\"change\":\"cleared\"");
        assertThat(instance("l4-mps-0").healthy()).isTrue();
        assertThat(instance("l4-mps-1").healthy()).as("the other instance was never touched").isTrue();
    }

    @Test
    void aHangingProbeIsAFailureAfterThreeSeconds() throws Exception {
        Agent a = agent(AGENT_TOKEN, "l4-mps-0", standIn.env());
        standIn.mode("hangs");
        for (int n = 1; n <= 3; n++) {
            long t0 = System.nanoTime();
            Agent.Round r = a.round();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(r.probeOk()).isFalse();
            assertThat(ms).as("the probe is killed at its 3 s timeout").isBetween(2900L, 8000L);
        }
        Instance marked = instance("l4-mps-0");
        assertThat(marked.healthy()).isFalse();
        assertThat(marked.healthReason()).contains("did not answer within 3 s (probe timed out)");
        standIn.mode("answers");
        a.round();
        assertThat(instance("l4-mps-0").healthy()).isTrue();
    }

    @Test
    void theAgentClearsOnlyItsOwnMark() throws Exception {
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.markUnhealthy("agents", "l4-mps-0", "disk-failing");
        }
        Agent a = agent(AGENT_TOKEN, "l4-mps-0", standIn.env());
        assertThat(a.round().answer()).contains("\"change\":\"kept\"");
        assertThat(instance("l4-mps-0").healthReason()).isEqualTo("disk-failing");
    }

    @Test
    void theAgentTokenReachesItsOwnReportAndNothingElse() throws Exception {
        // another instance's report, with l4-mps-0's token: 403
        Agent wrong = agent(AGENT_TOKEN, "l4-mps-1", standIn.env());
        Agent.Round r = wrong.round();
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.answer()).contains("TOKEN_SCOPE");
        assertThat(said()).contains("403 TOKEN_SCOPE").contains("use the token of agent:agents/l4-mps-1");
        // any other route with the agent token: 403, nothing read
        try (HttpBackend b = HttpBackend.connect(server.url(), AGENT_TOKEN, HttpBackend.Options.defaults().withAttempts(1))) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> b.read("agents")).hasMessageContaining("TOKEN_SCOPE");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> b.markUnhealthy("agents", "l4-mps-0", "x"))
                    .hasMessageContaining("TOKEN_SCOPE");
        }
        assertThat(instance("l4-mps-0").healthy()).isTrue();
    }

    @Test
    void unknownInstanceRefusedTokenAndMissingBinaryAreSaid() throws Exception {
        Agent unknown = agent(OTHER_AGENT_TOKEN, "l4-mps-9", standIn.env());
        assertThat(unknown.round().status()).isEqualTo(404);
        assertThat(said()).contains("does not know instance l4-mps-9 of cluster agents (404 UNKNOWN_INSTANCE)")
                .contains("gpushare status --cluster agents");

        Agent refused = agent("not-a-token-of-this-server-000", "l4-mps-0", standIn.env());
        assertThat(refused.round().status()).isEqualTo(401);
        assertThat(said()).contains("refused this agent's token (401 UNAUTHORIZED)").contains("TOKEN agent:agents/l4-mps-0");

        Agent noBinary = agent(AGENT_TOKEN, "l4-mps-0", Map.of("PATH", dir.resolve("empty") + ":/usr/bin/nonexistent"));
        Agent.Round r = noBinary.round();
        assertThat(r.probeOk()).isFalse();
        assertThat(said()).contains("nvidia-cuda-mps-control is not on PATH").contains("install the NVIDIA driver's MPS tools");
    }

    /** The agent keeps going after errors: run() goes on with backoff until closed. */
    @Test
    void runKeepsRetryingUntilClosed() throws Exception {
        Agent refused = agent("not-a-token-of-this-server-000", "l4-mps-0", standIn.env());
        Thread t = Thread.ofPlatform().start(refused::run);
        Thread.sleep(2500); // 1 s interval, then 2 s backoff: at least two rounds
        assertThat(t.isAlive()).as("still running after a refusal").isTrue();
        refused.close();
        t.join(5000);
        assertThat(t.isAlive()).as("stopped by close (SIGTERM)").isFalse();
        assertThat(standIn.asked().size()).isGreaterThanOrEqualTo(2);
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }
}
