package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.server.agent.Agent;
import dev.gpushare.server.agent.AgentConfig;
import dev.gpushare.server.agent.internal.Probe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent on a real GPU: starts the MPS control daemon ({@code nvidia-cuda-mps-control -d}, its
 * pipe and log directories in a temporary folder), probes it (healthy, nvidia-smi read), stops it
 * ({@code quit}), and sees three failed probes mark the instance; starting it again clears the
 * mark. Skipped, with the reason, where there is no {@code nvidia-smi}, no GPU, or no
 * {@code nvidia-cuda-mps-control}. Run it alone with:
 * {@code mvn -B -ntp -q -pl provider/server -am verify -Dtest=GpuAgentTest -Dsurefire.failIfNoSpecifiedTests=false}
 */
class GpuAgentTest {
    static final String AGENT_TOKEN = "agent-token-for-l4-mps-0-0123";

    @TempDir Path dir;

    @Test
    void aStoppedMpsDaemonMarksTheInstanceAndARestartClearsIt() throws Exception {
        String path = System.getenv("PATH");
        Optional<Path> smi = Probe.find(Agent.NVIDIA_SMI, path);
        Assumptions.assumeTrue(smi.isPresent(), "no nvidia-smi on PATH: no NVIDIA driver here (runs on a GPU machine)");
        Probe.Result gpus = Probe.run(smi.get(), List.of("-L"), null, Duration.ofSeconds(20), System.getenv());
        Assumptions.assumeTrue(gpus.ok() && gpus.output().contains("GPU 0"), "nvidia-smi -L lists no GPU: " + gpus.failure() + " " + gpus.output());
        Optional<Path> mps = Probe.find(Agent.MPS_CONTROL, path);
        Assumptions.assumeTrue(mps.isPresent(), "no nvidia-cuda-mps-control on PATH (the driver's MPS tools are not installed)");
        System.out.println("GpuAgentTest: " + gpus.output().lines().findFirst().orElse(""));

        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("CUDA_MPS_PIPE_DIRECTORY", Files.createDirectories(dir.resolve("mps-pipe")).toString());
        env.put("CUDA_MPS_LOG_DIRECTORY", Files.createDirectories(dir.resolve("mps-log")).toString());

        try (PlacementServer server = PlacementServer.start(new ServerConfig(ServerConfig.DEFAULT_BIND, 0,
                "file:" + dir.resolve("state.db"), List.of(TestServers.TOKEN, AGENT_TOKEN + " agent:agents/l4-mps-0"), null, null,
                ServerConfig.DEFAULT_BODY_LIMIT, 8), TestServers.quiet())) {
            try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
                assertThat(gs.converge(Specs.spec("agents", 1, 1, 4)).converged()).isTrue();
            }
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            Agent agent = new Agent(new AgentConfig(server.url(), AGENT_TOKEN, "agents", "l4-mps-0", Duration.ofSeconds(1), env),
                    new PrintStream(said, true, StandardCharsets.UTF_8));
            try {
                control(mps.get(), env, List.of("-d"), null);
                Thread.sleep(1000);
                Agent.Round up = agent.round();
                assertThat(up.probeOk()).as("the running daemon answers get_server_list: %s", said).isTrue();
                assertThat(up.healthy()).as("a healthy GPU (nvidia-smi read): %s", said).isTrue();

                control(mps.get(), env, List.of(), "quit\n");
                Thread.sleep(1000);
                for (int n = 1; n <= 3; n++) {
                    Agent.Round r = agent.round();
                    assertThat(r.probeOk()).as("probe %d after quit", n).isFalse();
                }
                Instance marked = instance(server);
                assertThat(marked.healthy()).isFalse();
                assertThat(marked.healthReason()).startsWith("agent: mps-daemon-unresponsive: ");
                System.out.println("GpuAgentTest: marked: " + marked.healthReason());

                control(mps.get(), env, List.of("-d"), null);
                Thread.sleep(1000);
                assertThat(agent.round().probeOk()).isTrue();
                assertThat(instance(server).healthy()).as("one success clears the agent's mark").isTrue();
            } finally {
                control(mps.get(), env, List.of(), "quit\n");
            }
        }
    }

    private static Instance instance(PlacementServer server) {
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            return gs.status("agents").instances().getFirst();
        }
    }

    private static void control(Path mps, Map<String, String> env, List<String> args, String input) throws Exception {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(mps.toString());
        pb.command().addAll(args);
        pb.environment().putAll(env);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        if (input != null) {
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        p.waitFor(10, TimeUnit.SECONDS);
    }
}
