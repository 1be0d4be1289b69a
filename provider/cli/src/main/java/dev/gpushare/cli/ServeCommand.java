package dev.gpushare.cli;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.server.PlacementServer;
import dev.gpushare.server.RepairConfig;
import dev.gpushare.server.ServerConfig;
import dev.gpushare.server.ServiceLimits;
import java.time.Duration;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpushare serve}: runs the placement service (the remote backend) until stopped. See
 * docs/server.md.
 */
@Command(name = "serve",
        description = {
                "Run the placement service: the remote backend that `--backend http(s)://…` talks to. "
                        + "A versioned HTTP/JSON API (/v1/…, described at /v1/openapi.json) over PostgreSQL "
                        + "(--store jdbc:postgresql://…) or the embedded store (--store file:PATH).",
                "Every request but /healthz needs `Authorization: Bearer <token>` with a token from --token-file "
                        + "(a line `TOKEN agent:CLUSTER/INSTANCE` is an agent's token: it may only report for that instance). "
                        + "Runs until interrupted (Ctrl-C, SIGTERM)."},
        footer = {"  openssl rand -hex 32 > tokens && gpushare serve --token-file tokens",
                "  gpushare serve --port 0 --token-file tokens --format json",
                "  gpushare serve --port 8750 --store 'jdbc:postgresql://db:5432/gpushare?user=gpushare' --token-file /etc/gpushare/tokens",
                "  gpushare serve --reconcile --repair-grace 2m --store 'jdbc:postgresql://db:5432/gpushare?user=gpushare' --token-file /etc/gpushare/tokens"},
        exitCodeList = {"0:stopped", "2:usage error (tokens, TLS files, port in use)", "4:the store could not be opened"})
final class ServeCommand extends GpushareCommand {
    @Option(names = "--port", paramLabel = "N", description = "TCP port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    private int port = ServerConfig.DEFAULT_PORT;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String bind = ServerConfig.DEFAULT_BIND;

    @Option(names = "--store", paramLabel = "URL",
            description = "jdbc:postgresql://HOST:PORT/DB?user=… or file:PATH (default: ${DEFAULT-VALUE}).")
    private String store = ServerConfig.DEFAULT_STORE;

    @Option(names = "--token-file", paramLabel = "FILE", required = true,
            description = "Accepted bearer tokens, one per line (at least 16 characters each).")
    private Path tokenFile;

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate chain: serve HTTPS.")
    private Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM PKCS#8 private key of --tls-cert.")
    private Path tlsKey;

    @Option(names = "--body-limit", paramLabel = "BYTES", description = "Largest request body (default: ${DEFAULT-VALUE}).")
    private long bodyLimit = ServerConfig.DEFAULT_BODY_LIMIT;

    @Option(names = "--header-timeout", paramLabel = "SECONDS",
            description = "A request's line and headers (and the TLS handshake) must arrive within this (default: ${DEFAULT-VALUE}).")
    private long headerTimeout = ServiceLimits.DEFAULTS.headerTimeout().toSeconds();

    @Option(names = "--body-timeout", paramLabel = "SECONDS", description = "A request's body must arrive within this (default: ${DEFAULT-VALUE}).")
    private long bodyTimeout = ServiceLimits.DEFAULTS.bodyTimeout().toSeconds();

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", description = "An idle kept-alive connection is closed after this (default: ${DEFAULT-VALUE}).")
    private long idleTimeout = ServiceLimits.DEFAULTS.idleTimeout().toSeconds();

    @Option(names = "--max-connections", paramLabel = "N", description = "Open connections in all (default: ${DEFAULT-VALUE}).")
    private int maxConnections = ServiceLimits.DEFAULTS.maxConnections();

    @Option(names = "--max-connections-per-client", paramLabel = "N",
            description = "Open connections from one client address (default: ${DEFAULT-VALUE}).")
    private int maxPerClient = ServiceLimits.DEFAULTS.maxConnectionsPerClient();

    @Option(names = "--max-concurrent-plans", paramLabel = "N", description = "Plans computed at once (default: ${DEFAULT-VALUE}).")
    private int maxPlans = ServiceLimits.DEFAULTS.maxConcurrentPlans();

    @Option(names = "--plan-timeout", paramLabel = "SECONDS", description = "A plan still computing after this is cancelled (default: ${DEFAULT-VALUE}).")
    private long planTimeout = ServiceLimits.DEFAULTS.planTimeout().toSeconds();

    @Option(names = "--max-copies", paramLabel = "N", description = "Copies one plan request may ask for (default: ${DEFAULT-VALUE}).")
    private long maxCopies = ServiceLimits.DEFAULTS.maxCopies();

    @Option(names = "--max-instances", paramLabel = "N", description = "Up-front instances one plan request may ask for (default: ${DEFAULT-VALUE}).")
    private long maxInstances = ServiceLimits.DEFAULTS.maxInstances();

    @Option(names = "--reconcile",
            description = "Also keep every cluster converged to the spec of its latest apply: an instance marked unhealthy "
                    + "(by a person, its agent, or missing agent heartbeats) is replaced after --repair-grace, at most 20%% of "
                    + "a pool's instances at a time (one below 9), start-before-stop. With several servers on one PostgreSQL, "
                    + "one reconciles at a time and another takes over when it stops. See docs/server.md, Repair.")
    private boolean reconcile;

    @Option(names = "--repair-grace", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --reconcile: how long a mark stands before the instance is replaced, and how long an agent may "
                    + "stay silent before its instance is marked agent-silent, e.g. 30s, 5m (default: 60s).")
    private Duration repairGrace;

    @Option(names = "--resync", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --reconcile: plan every cluster at least this often, even when nothing seems to have changed (default: 5m).")
    private Duration resync;

    @Override
    public Integer call() throws InterruptedException {
        boolean json = format.jsonElseText("serve");
        List<String> tokens;
        try {
            tokens = List.copyOf(readTokens());
        } catch (java.nio.charset.MalformedInputException e) {
            throw UserError.usage("--token-file " + tokenFile + " is not UTF-8 text; write one token per line (openssl rand -hex 32)");
        } catch (java.nio.file.NoSuchFileException e) {
            throw UserError.usage("--token-file " + tokenFile + " does not exist; create it with: openssl rand -hex 32 > " + tokenFile);
        } catch (IOException e) {
            throw UserError.usage("cannot read --token-file " + tokenFile + ": " + e.getMessage());
        }
        if (tokens.isEmpty()) {
            throw UserError.usage("--token-file " + tokenFile + " holds no token; add one per line (openssl rand -hex 32 >> " + tokenFile + ")");
        }
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i).split("\\s+")[0]; // a line may go on with an agent scope (agent:CLUSTER/INSTANCE)
            if (token.length() < 16) {
                throw UserError.usage("--token-file " + tokenFile + ": token " + (i + 1) + " is " + token.length()
                        + " characters; tokens need at least 16 (openssl rand -hex 32 makes one)");
            }
        }
        if (!reconcile && (repairGrace != null || resync != null)) {
            throw UserError.usage((repairGrace != null ? "--repair-grace" : "--resync") + " is an option of the repair loop; add --reconcile");
        }
        RepairConfig repair = null;
        if (reconcile) {
            try {
                repair = new RepairConfig(repairGrace == null ? RepairConfig.DEFAULT_GRACE : repairGrace,
                        resync == null ? RepairConfig.DEFAULT_RESYNC : resync, RepairConfig.DEFAULT_TICK);
            } catch (IllegalArgumentException e) {
                throw UserError.usage(e.getMessage());
            }
        }
        ServiceLimits limits;
        try {
            limits = ServiceLimits.DEFAULTS
                    .withTimeouts(Duration.ofSeconds(headerTimeout), Duration.ofSeconds(bodyTimeout), Duration.ofSeconds(idleTimeout))
                    .withConnections(maxConnections, maxPerClient)
                    .withPlans(maxPlans, ServiceLimits.DEFAULTS.planWait(), Duration.ofSeconds(planTimeout))
                    .withSpecSize(maxCopies, maxInstances);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        PlacementServer server;
        try {
            server = PlacementServer.start(new ServerConfig(bind, port, store, tokens, tlsCert, tlsKey, bodyLimit,
                    ServerConfig.DEFAULT_THREADS, limits, repair));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            // the message says which option is at fault (tokens, TLS files, store, port); Main adds "gpushare: "
            throw UserError.usage(e.getMessage());
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "gpushare-serve-stop"));
        PrintWriter out = command.commandLine().getOut();
        // scripts wait for this line (and read the port from it when --port 0)
        if (json) {
            var line = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                    .put("listening", server.url()).put("store", server.describeStore()).put("reconcile", repair != null);
            out.println(line.toString());
        } else {
            out.println("gpushare serve: listening on " + server.url() + " (store " + server.describeStore() + ")"
                    + (repair == null ? "" : "; reconciling clusters to their declared specs, repair grace "
                    + repair.grace().toSeconds() + " s"));
        }
        out.flush();
        stopped.await();
        return ExitCodes.OK;
    }

    /** One token per line; blank lines and {@code #} comments skipped (the server checks their length). */
    private List<String> readTokens() throws IOException {
        return java.nio.file.Files.readAllLines(tokenFile).stream().map(String::strip)
                .filter(t -> !t.isEmpty() && !t.startsWith("#")).toList();
    }
}
