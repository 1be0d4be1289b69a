package dev.gpushare.server;

import java.time.Duration;

/**
 * A server in its own JVM, for the kill and attack tests: {@code ServerProcessMain STORE TOKEN
 * [limit=value…]} with limits {@code header}, {@code body}, {@code idle}, {@code plan} (seconds),
 * {@code perClient}, {@code connections}, {@code plans}, {@code copies}. Prints {@code listening
 * URL} once it serves, then runs until killed; SIGTERM closes it as {@code gpushare serve} does.
 */
public final class ServerProcessMain {
    private ServerProcessMain() {}

    public static void main(String[] args) throws InterruptedException {
        ServiceLimits l = ServiceLimits.DEFAULTS;
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            long v = Long.parseLong(kv[1]);
            l = switch (kv[0]) {
                case "header" -> l.withTimeouts(Duration.ofSeconds(v), l.bodyTimeout(), l.idleTimeout());
                case "body" -> l.withTimeouts(l.headerTimeout(), Duration.ofSeconds(v), l.idleTimeout());
                case "idle" -> l.withTimeouts(l.headerTimeout(), l.bodyTimeout(), Duration.ofSeconds(v));
                case "perClient" -> l.withConnections(l.maxConnections(), (int) v);
                case "connections" -> l.withConnections((int) v, l.maxConnectionsPerClient());
                case "plans" -> l.withPlans((int) v, l.planWait(), l.planTimeout());
                case "plan" -> l.withPlans(l.maxConcurrentPlans(), l.planWait(), Duration.ofSeconds(v));
                case "wait" -> l.withPlans(l.maxConcurrentPlans(), Duration.ofSeconds(v), l.planTimeout());
                case "copies" -> l.withSpecSize(v, l.maxInstances());
                default -> throw new IllegalArgumentException("unknown limit " + kv[0]);
            };
        }
        PlacementServer server = PlacementServer.start(ServerConfig.loopback(args[0], args[1]).withLimits(l));
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "stop"));
        System.out.println("listening " + server.url());
        System.out.flush();
        Thread.currentThread().join();
    }
}
