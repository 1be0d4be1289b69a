package dev.gpushare.pulumi;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The real plugin: target/plugin/pulumi-resource-gpushare started as the engine starts it. */
final class PluginProcess implements AutoCloseable {
    static final Path LAUNCHER = Path.of("target/plugin/pulumi-resource-gpushare");

    final Process process;
    final String firstLine;
    final long portMillis;
    final ManagedChannel channel;

    private PluginProcess(Process process, String firstLine, long portMillis) {
        this.process = process;
        this.firstLine = firstLine;
        this.portMillis = portMillis;
        this.channel = NettyChannelBuilder.forAddress("127.0.0.1", Integer.parseInt(firstLine.trim())).usePlaintext().build();
    }

    static boolean built() {
        return Files.isExecutable(LAUNCHER);
    }

    /** Starts it in {@code cwd} with the engine's arguments; stderr goes to {@code cwd/provider.log}. */
    static PluginProcess start(Path cwd, List<String> args) throws IOException {
        return start(LAUNCHER, cwd, args);
    }

    /** The same with another copy of the plugin directory's launcher. */
    static PluginProcess start(Path launcher, Path cwd, List<String> args) throws IOException {
        return start(launcher, cwd, args, java.util.Map.of());
    }

    /**
     * The same with environment variables set (or, with a null value, removed); the daemon is off
     * unless {@code env} sets {@code GPUSHARE_PULUMI_DAEMON} (or removes it: the launcher's default),
     * and its directory is this JVM's ({@link TestDaemons}) unless {@code env} names one.
     */
    static PluginProcess start(Path launcher, Path cwd, List<String> args, java.util.Map<String, String> env) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of(launcher.toAbsolutePath().toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile())
                .redirectError(cwd.resolve("provider.log").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        // one JVM per plugin process unless a test asks for the daemon (the launcher's default: on)
        pb.environment().put("GPUSHARE_PULUMI_DAEMON", "off");
        env.forEach((k, v) -> {
            if (v == null) pb.environment().remove(k);
            else pb.environment().put(k, v);
        });
        TestDaemons.configure(pb.environment());
        long t0 = System.nanoTime();
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (line == null) throw new IOException("the plugin printed no port; see " + cwd.resolve("provider.log"));
        return new PluginProcess(p, line, ms);
    }

    /** What the plugin printed on stdout after the port line (must stay empty). */
    String restOfStdout() throws IOException {
        return new String(process.getInputStream().readNBytes(process.getInputStream().available()), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        channel.shutdownNow();
        process.destroy(); // SIGTERM, as the engine's interrupt
        process.waitFor();
    }
}
