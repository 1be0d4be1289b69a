package dev.gpushare.pulumi.internal;

/**
 * The provider's log: stderr, which the engine captures and shows with
 * {@code --logtostderr -v=9 --logflow} (stdout carries the port only).
 */
public final class Log {
    private Log() {}

    public static void info(String message) {
        System.err.println("gpushare-provider: " + message);
    }
}
