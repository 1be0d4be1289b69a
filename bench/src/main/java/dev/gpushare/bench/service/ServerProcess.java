package dev.gpushare.bench.service;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link ServeMain} in a child JVM: its URL, CPU time and memory as the kernel counts them. The
 * child's class path is this JVM's unless {@code -Dbench.server.classpath} names another (the
 * previous engine's build, for a side-by-side run); its JVM options are {@code
 * -Dbench.server.jvm} (default {@value #DEFAULT_JVM}: the collector and tenuring of the {@code gpushare}
 * launcher's {@code serve}, docs/server.md, with a fixed heap bound).
 */
final class ServerProcess implements AutoCloseable {
    static final String DEFAULT_JVM = "-Xmx2g -XX:+UseSerialGC -XX:MaxTenuringThreshold=1";

    private final Process process;
    private final String url;

    private ServerProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    static ServerProcess start(String store, String token) throws IOException {
        return startMain(ServeMain.class.getName(), store, token);
    }

    /** {@code mainClass} (one that prints {@code listening URL} and ends with its standard input) with {@code args}. */
    static ServerProcess startMain(String mainClass, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("bench.server.classpath", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>();
        // bench.server.cpus: the server on these cores only (taskset -c), the load generator kept off them by its own taskset
        String cpus = System.getProperty("bench.server.cpus", "").trim();
        if (!cpus.isEmpty()) cmd.addAll(List.of("taskset", "-c", cpus));
        cmd.add(java);
        String jvm = System.getProperty("bench.server.jvm", DEFAULT_JVM).trim();
        if (!jvm.isEmpty()) cmd.addAll(Arrays.asList(jvm.split("\\s+")));
        cmd.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", cp, mainClass));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        // the JVM may print first (e.g. -XX:StartFlightRecording's note): passed on to stderr
        while ((line = out.readLine()) != null && !line.startsWith("listening ")) System.err.println("server: " + line);
        if (line == null) {
            p.destroyForcibly();
            throw new IOException("the server did not start (it printed no 'listening URL' line; its stderr is above)");
        }
        return new ServerProcess(p, line.substring("listening ".length()).trim());
    }

    String url() {
        return url;
    }

    /** User + system CPU time of the server so far (all its threads). */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** Resident set size now, in MiB ({@code VmRSS}). */
    double rssMib() {
        return status("VmRSS:");
    }

    /** The largest resident set size so far, in MiB ({@code VmHWM}). */
    double peakRssMib() {
        return status("VmHWM:");
    }

    private double status(String field) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
                if (l.startsWith(field)) return Long.parseLong(l.substring(field.length()).trim().split("\\s+")[0]) / 1024.0;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or already gone
        }
        return Double.NaN;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close(); // ServeMain stops when its stdin ends
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
