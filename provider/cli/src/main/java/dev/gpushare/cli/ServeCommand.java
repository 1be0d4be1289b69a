package dev.gpushare.cli;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.server.PlacementServer;
import dev.gpushare.server.ServerConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code gpushare serve}: runs the placement service (the remote backend) until stopped. See
 * docs/server.md.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
                "Run the placement service: the remote backend that `--backend http(s)://…` talks to. "
                        + "A versioned HTTP/JSON API (/v1/…, described at /v1/openapi.json) over PostgreSQL "
                        + "(--store jdbc:postgresql://…) or the embedded store (--store file:PATH).",
                "Every request but /healthz needs `Authorization: Bearer <token>` with a token from --token-file. "
                        + "Runs until interrupted (Ctrl-C, SIGTERM)."},
        footerHeading = "%nExamples:%n",
        footer = {"  openssl rand -hex 32 > tokens && gpushare serve --token-file tokens",
                "  gpushare serve --port 0 --token-file tokens --format json",
                "  gpushare serve --port 8750 --store 'jdbc:postgresql://db:5432/gpushare?user=gpushare' --token-file /etc/gpushare/tokens"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:stopped", "2:usage error (tokens, TLS files, port in use)", "4:the store could not be opened"})
final class ServeCommand implements Callable<Integer> {
    @Mixin private FormatOption format;

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

    @picocli.CommandLine.Spec private CommandSpec command;

    @Override
    public Integer call() throws InterruptedException {
        boolean json = format.jsonElseText("serve");
        List<String> tokens;
        try {
            tokens = List.copyOf(readTokens());
        } catch (IOException e) {
            throw UserError.usage("cannot read --token-file " + tokenFile + ": " + e.getMessage());
        }
        PlacementServer server;
        try {
            server = PlacementServer.start(new ServerConfig(bind, port, store, tokens, tlsCert, tlsKey, bodyLimit,
                    ServerConfig.DEFAULT_THREADS));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw UserError.usage("gpushare serve: " + e.getMessage() + " (--token-file " + tokenFile + ")");
        } catch (BackendException e) {
            throw new UserError(ExitCodes.BACKEND, e.getMessage());
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
                    .put("listening", server.url()).put("store", server.describeStore());
            out.println(line.toString());
        } else {
            out.println("gpushare serve: listening on " + server.url() + " (store " + server.describeStore() + ")");
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
