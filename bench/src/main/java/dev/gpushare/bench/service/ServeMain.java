package dev.gpushare.bench.service;

import dev.gpushare.server.PlacementServer;
import dev.gpushare.server.ServerConfig;
import dev.gpushare.server.ServiceLimits;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The placement service in its own JVM, so that its CPU time and RSS are its own:
 * {@code ServeMain STORE TOKEN}. Prints {@code listening URL} once it serves, then runs until
 * its standard input closes (the benchmark ends, or dies) or it is killed.
 */
public final class ServeMain {
    private ServeMain() {}

    public static void main(String[] args) throws Exception {
        // Flyway's migration notes would interleave with the tables on the shared stderr
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        // every client of the benchmark comes from 127.0.0.1: the per-address bound (32 by default,
        // against one misbehaving client) is raised so that 32 clients with two connections each fit
        ServiceLimits limits = ServiceLimits.DEFAULTS.withConnections(ServiceLimits.DEFAULTS.maxConnections(), 256);
        PlacementServer server = PlacementServer.start(ServerConfig.loopback(args[0], args[1]).withLimits(limits),
                new PrintStream(OutputStream.nullOutputStream()));
        System.out.println("listening " + server.url());
        System.out.flush();
        // the parent holds our stdin: when it goes, so do we (no orphaned servers on a shared machine)
        while (System.in.read() >= 0) {
            // nothing is sent; read until end of stream
        }
        server.close();
    }
}
