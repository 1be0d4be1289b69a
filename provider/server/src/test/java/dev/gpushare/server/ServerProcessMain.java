package dev.gpushare.server;

/**
 * A server in its own JVM, for the SIGKILL test: {@code ServerProcessMain STORE TOKEN}. Prints
 * {@code listening URL} once it serves, then runs until killed.
 */
public final class ServerProcessMain {
    private ServerProcessMain() {}

    public static void main(String[] args) throws InterruptedException {
        PlacementServer server = PlacementServer.start(ServerConfig.loopback(args[0], args[1]));
        System.out.println("listening " + server.url());
        System.out.flush();
        Thread.currentThread().join();
    }
}
