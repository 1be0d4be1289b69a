package dev.gpushare.kubernetes.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server process of the test cluster, its output in a log file, stopped on close. */
final class Processes {
    private Processes() {}

    record Server(String name, Process process, Path log) {
        void stop() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }

        /** The end of the log, for a failure message. */
        String tail() {
            try {
                List<String> lines = Files.readAllLines(log);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
            } catch (IOException e) {
                return "(no log: " + e.getMessage() + ")";
            }
        }
    }

    static Server start(String name, Path dir, List<String> command) throws IOException {
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new Server(name, p, log);
    }

    static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
