package dev.gpushare.server.agent;

import dev.gpushare.server.agent.internal.GpuHealth;
import dev.gpushare.server.agent.internal.Probe;
import dev.gpushare.server.internal.Pause;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare agent}: runs on an instance and reports its health to the placement service, as
 * the ECS agent does for its {@code ACCELERATED_COMPUTE} check. Each round it
 * <ol>
 *   <li>probes the MPS control daemon: {@code echo get_server_list | nvidia-cuda-mps-control}, with
 *       a 3 s timeout; a probe that does not answer in 3 s is killed and
 *       fails; a missing binary fails and says so;</li>
 *   <li>reads GPU health from {@code nvidia-smi} where it is installed ({@link GpuHealth});</li>
 *   <li>reports ({@code POST /v1/clusters/C/instances/I/report}, also the heartbeat): unhealthy
 *       after {@value AgentConfig#FAILURES} consecutive failed probes or a GPU problem, with the
 *       reason; healthy otherwise — one successful probe clears the agent's own mark, and only
 *       that.</li>
 * </ol>
 * A refused token, an unknown cluster or instance, or an unreachable service is said once per
 * change and retried with backoff (up to {@link AgentConfig#MAX_BACKOFF}); the agent never exits on
 * its own. {@link #close} (SIGTERM) stops it within a probe.
 */
public final class Agent implements AutoCloseable {
    public static final String MPS_CONTROL = "nvidia-cuda-mps-control";
    public static final String NVIDIA_SMI = "nvidia-smi";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AgentConfig config;
    private final PrintStream log;
    private final HttpClient http;
    private final Pause pause = new Pause();
    private int failures;
    private String lastFailure;
    private String lastSaid;
    private Duration backoff = Duration.ZERO;

    public Agent(AgentConfig config, PrintStream log) {
        this.config = config;
        this.log = log;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** What one round found and what the service answered. */
    public record Round(boolean probeOk, int consecutiveFailures, boolean healthy, String reason, int status, String answer) {}

    /** Runs rounds until {@link #close}. */
    public void run() {
        while (pause.running()) {
            Round r = round();
            Duration wait = config.interval();
            if (r.status() != 200) {
                backoff = backoff.isZero() ? config.interval() : backoff.multipliedBy(2);
                if (backoff.compareTo(AgentConfig.MAX_BACKOFF) > 0) backoff = AgentConfig.MAX_BACKOFF;
                wait = backoff;
            } else {
                backoff = Duration.ZERO;
            }
            if (!pause.between(wait)) break;
        }
    }

    /** One round: probe, read the GPUs, report. */
    public Round round() {
        Probe.Result mps = probeMps();
        if (mps.ok()) {
            if (failures >= AgentConfig.FAILURES) say("MPS control daemon answers again: clearing this agent's mark");
            failures = 0;
        } else {
            failures++;
            lastFailure = mps.failure();
            say("MPS probe failed (" + Math.min(failures, AgentConfig.FAILURES) + " of " + AgentConfig.FAILURES + " in a row): " + mps.failure());
        }
        List<String> gpu = gpuProblems();
        boolean healthy = failures < AgentConfig.FAILURES && gpu.isEmpty();
        String reason = null;
        if (failures >= AgentConfig.FAILURES) {
            reason = "mps-daemon-unresponsive: " + lastFailure + " (" + failures + " consecutive failed probes)";
        } else if (!gpu.isEmpty()) {
            reason = "gpu-unhealthy: " + String.join("; ", gpu);
        }
        ObjectNode body = JSON.createObjectNode();
        body.put("healthy", healthy);
        if (reason != null) body.put("reason", reason);
        ObjectNode checks = body.putObject("checks");
        checks.put("mps", mps.ok() ? "ok" : mps.failure());
        checks.put("consecutiveFailures", failures);
        gpu.forEach(checks.putArray("gpu")::add);
        int status;
        String answer;
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(config.backend().replaceAll("/+$", "") + "/v1/clusters/"
                            + config.cluster() + "/instances/" + config.instance() + "/report"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Authorization", "Bearer " + config.token())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                    .build();
            HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
            status = resp.statusCode();
            answer = resp.body();
        } catch (java.io.IOException e) {
            status = 0;
            answer = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pause.stop();
            return new Round(mps.ok(), failures, healthy, reason, 0, "interrupted");
        }
        explain(status, answer, healthy, reason);
        return new Round(mps.ok(), failures, healthy, reason, status, answer);
    }

    private Probe.Result probeMps() {
        Optional<Path> bin = Probe.find(MPS_CONTROL, config.env().get("PATH"));
        if (bin.isEmpty()) {
            return new Probe.Result(false, "", MPS_CONTROL + " is not on PATH (" + config.env().getOrDefault("PATH", "unset")
                    + "): install the NVIDIA driver's MPS tools on this instance, or give the agent the PATH that has them");
        }
        return Probe.run(bin.get(), List.of(), "get_server_list\n", AgentConfig.PROBE_TIMEOUT, config.env());
    }

    private List<String> gpuProblems() {
        Optional<Path> smi = Probe.find(NVIDIA_SMI, config.env().get("PATH"));
        if (smi.isEmpty()) return List.of(); // no nvidia-smi: the MPS probe is the check
        Probe.Result r = Probe.run(smi.get(), GpuHealth.QUERY, null, Duration.ofSeconds(10), config.env());
        if (!r.ok()) {
            say("nvidia-smi failed, GPU health not read this round: " + r.failure());
            return List.of();
        }
        return GpuHealth.problems(r.output());
    }

    /** Says what the service's answer means, once per change. */
    private void explain(int status, String answer, boolean healthy, String reason) {
        String code = code(answer);
        String msg = switch (status) {
            case 200 -> healthy ? "reporting healthy" : "reported unhealthy: " + reason;
            case 0 -> "cannot reach the service at " + config.backend() + ": " + answer + "; retrying with backoff";
            case 401 -> "the service refused this agent's token (401 UNAUTHORIZED): put the token in the service's --token-file"
                    + " as `TOKEN agent:" + config.cluster() + "/" + config.instance() + "` and restart it; retrying with backoff";
            case 403 -> "the service refused this agent's token for this instance (403 " + code + "): its token is scoped to"
                    + " another instance; use the token of agent:" + config.cluster() + "/" + config.instance() + "; retrying with backoff";
            case 404 -> "the service does not know instance " + config.instance() + " of cluster " + config.cluster() + " (404 "
                    + code + "): check --cluster and --instance against `gpushare status --cluster " + config.cluster()
                    + "` (a replaced instance's agent can be stopped); retrying with backoff";
            default -> "the service answered " + status + " " + code + ": " + message(answer) + "; retrying with backoff";
        };
        say(msg);
    }

    private void say(String msg) {
        if (msg.equals(lastSaid)) return;
        lastSaid = msg;
        log.println("gpushare agent: " + config.cluster() + "/" + config.instance() + ": " + msg);
        log.flush();
    }

    private static String code(String answer) {
        return field(answer, "code", "");
    }

    private static String message(String answer) {
        return field(answer, "message", answer);
    }

    /** A field of the service's JSON error answer, or {@code otherwise} when it is not one. */
    private static String field(String answer, String name, String otherwise) {
        try {
            JsonNode n = JSON.readTree(answer);
            return n != null && n.has(name) ? n.get(name).asString() : otherwise;
        } catch (RuntimeException e) {
            return otherwise;
        }
    }

    /** Consecutive failed probes so far. */
    public int consecutiveFailures() {
        return failures;
    }

    /** Stops {@link #run} (a probe in progress ends within its timeout). */
    @Override
    public void close() {
        pause.stop();
    }
}
