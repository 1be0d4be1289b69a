package dev.gpushare.cli;

import dev.gpushare.server.agent.Agent;
import dev.gpushare.server.agent.AgentConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpushare agent}: on an instance, probe the MPS control daemon and the GPUs, and report. See docs/agent.md. */
@Command(name = "agent",
        description = {
                "Run on an instance: probe the MPS control daemon as the ECS agent does (`echo get_server_list | "
                        + "nvidia-cuda-mps-control`, 3 s timeout), read GPU health from nvidia-smi where it is installed "
                        + "(retired pages, failed row remaps, Xid errors), and report to the gpushare service every --interval "
                        + "(the report is also the heartbeat that `serve --reconcile` watches).",
                "3 consecutive failed probes mark the instance unhealthy with the reason; one successful probe clears the "
                        + "agent's own mark (a mark made by a person stays). The token (GPUSHARE_TOKEN or --token-file) should be "
                        + "an agent token, `TOKEN agent:CLUSTER/INSTANCE` in the service's token file. Errors are said and "
                        + "retried with backoff; the agent runs until SIGTERM. See docs/agent.md."},
        footer = {"  GPUSHARE_TOKEN=... gpushare agent --backend https://gpushare.internal:8750 --cluster inference-prod --instance l4-shared-0",
                "  gpushare agent --backend http://127.0.0.1:8750 --cluster demo --instance l4-0 --interval 5s --token-file /etc/gpushare/agent-token"},
        exitCodeList = {"0:stopped (SIGTERM)", "2:usage error (backend URL, missing token, interval)"})
final class AgentCommand extends GpushareCommand {
    @Option(names = "--backend", required = true, paramLabel = "URL", description = "The gpushare service: http(s)://HOST:PORT.")
    private String backend;

    @Option(names = "--cluster", required = true, paramLabel = "C", description = "The cluster this instance belongs to.")
    private String cluster;

    @Option(names = "--instance", required = true, paramLabel = "ID", description = "This instance's id, as `gpushare status` lists it.")
    private String instance;

    @Option(names = "--interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time between probes and reports, e.g. 10s (default: 10s).")
    private Duration interval = AgentConfig.DEFAULT_INTERVAL;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Read the token from FILE (default: the GPUSHARE_TOKEN variable).")
    private Path tokenFile;

    @Override
    public Integer call() throws InterruptedException {
        boolean json = format.jsonElseText("agent");
        if (!backend.startsWith("http://") && !backend.startsWith("https://")) {
            throw UserError.usage("--backend " + backend + " is not a gpushare service URL; the agent reports to "
                    + "http(s)://HOST:PORT (a `gpushare serve`)");
        }
        String token;
        if (tokenFile != null) {
            try {
                token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw UserError.usage("cannot read --token-file " + tokenFile + ": " + e.getMessage());
            }
        } else {
            token = System.getenv("GPUSHARE_TOKEN");
        }
        if (token == null || token.isBlank()) {
            throw UserError.usage("no token: set GPUSHARE_TOKEN or --token-file to the agent token that the service's token file"
                    + " lists as `TOKEN agent:" + cluster + "/" + instance + "`");
        }
        AgentConfig config;
        try {
            config = new AgentConfig(backend, token, cluster, instance, interval, System.getenv());
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        Agent agent = new Agent(config, System.err);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            agent.close();
            try {
                stopped.await(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "gpushare-agent-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        // scripts and units wait for this line on stdout; what the agent finds goes to stderr, one line per change
        if (json) {
            System.out.println(tools.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("reporting", backend)
                    .put("cluster", cluster).put("instance", instance).put("intervalMillis", interval.toMillis()));
        } else {
            System.out.println("gpushare agent: reporting " + cluster + "/" + instance + " to " + backend + " every "
                    + interval.toMillis() + " ms");
        }
        System.out.flush();
        try {
            agent.run();
        } finally {
            stopped.countDown();
        }
        return ExitCodes.OK;
    }
}
