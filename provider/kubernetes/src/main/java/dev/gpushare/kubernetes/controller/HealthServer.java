package dev.gpushare.kubernetes.controller;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * {@code /metrics} (Prometheus text format), {@code /healthz} (the process answers) and {@code
 * /readyz} (the informers have synced: a replica that may lead) on one plain-HTTP port.
 */
public final class HealthServer implements AutoCloseable {
    private final HttpServer server;

    public HealthServer(String bind, int port, Supplier<String> metrics, BooleanSupplier ready) throws IOException {
        server = HttpServer.create(new InetSocketAddress(bind, port), 16);
        server.createContext("/metrics", x -> send(x, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.get()));
        server.createContext("/healthz", x -> send(x, 200, "text/plain", "ok\n"));
        server.createContext("/readyz", x -> {
            boolean r = ready.getAsBoolean();
            send(x, r ? 200 : 503, "text/plain", r ? "ok\n" : "informers not synced\n");
        });
        server.setExecutor(Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "gpushare-controller-http");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    static void send(HttpExchange x, int code, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
