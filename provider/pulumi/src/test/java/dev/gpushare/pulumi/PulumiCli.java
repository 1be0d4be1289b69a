package dev.gpushare.pulumi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real Pulumi CLI built by scripts/build-pulumi-cli (its bin directory: $GPUSHARE_PULUMI_BIN, or
 * ${GPUSHARE_CACHE:-~/.cache/gpushare}/pulumi-3.274.1/bin), run offline with a local file state
 * backend and an empty passphrase in an isolated PULUMI_HOME. Shared with the Java example's
 * end-to-end test through this module's test jar.
 */
public final class PulumiCli {
    public static final String VERSION = "3.274.1";

    public record Result(int exitCode, String output) {}

    private final Path bin;
    private final Path home;
    private final Path stateDir;
    private final Map<String, String> extraEnv = new java.util.HashMap<>();

    public PulumiCli(Path bin, Path work) throws IOException {
        this.bin = bin;
        this.home = Files.createDirectories(work.resolve("pulumi-home"));
        this.stateDir = Files.createDirectories(work.resolve("pulumi-state"));
    }

    /** The CLI's bin directory, or null when the CLI (or the named language host) is not built here. */
    public static Path find(String languageHost) {
        String explicit = System.getenv("GPUSHARE_PULUMI_BIN");
        Path bin;
        if (explicit != null && !explicit.isBlank()) {
            bin = Path.of(explicit);
        } else {
            String cache = System.getenv("GPUSHARE_CACHE");
            Path base = cache == null || cache.isBlank() ? Path.of(System.getProperty("user.home"), ".cache", "gpushare") : Path.of(cache);
            bin = base.resolve("pulumi-" + VERSION).resolve("bin");
        }
        return Files.isExecutable(bin.resolve("pulumi")) && Files.isExecutable(bin.resolve(languageHost)) ? bin : null;
    }

    /** Sets an environment variable for the next runs (benchmarks: PULUMI_DEBUG_GRPC, GPUSHARE_PULUMI_JAVA_OPTS). */
    public PulumiCli env(String name, String value) {
        extraEnv.put(name, value);
        return this;
    }

    /** The value set by {@link #env} for {@code name} ("" when none). */
    public String envValue(String name) {
        return extraEnv.getOrDefault(name, "");
    }

    public Result run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin.resolve("pulumi").toString());
        cmd.addAll(List.of("--non-interactive", "--color", "never")); // global flags first: args may end in "--"
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + ":" + Path.of(System.getProperty("java.home"), "bin") + ":" + env.getOrDefault("PATH", ""));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("PULUMI_HOME", home.toString());
        env.put("PULUMI_BACKEND_URL", "file://" + stateDir);
        env.put("PULUMI_CONFIG_PASSPHRASE", "");
        env.put("PULUMI_SKIP_UPDATE_CHECK", "true");
        env.put("PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION", "true");
        env.put("PULUMI_DISABLE_REGISTRY_RESOLVE", "true");
        // not PULUMI_IGNORE_AMBIENT_PLUGINS: the CLI finds pulumi-language-java on PATH only
        env.remove("PULUMI_ACCESS_TOKEN");
        env.putAll(extraEnv);
        TestDaemons.configure(env); // the provider daemon of this JVM's own, stopped at its end
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(10, TimeUnit.MINUTES)) p.destroyForcibly();
        String text = new String(out, StandardCharsets.UTF_8);
        System.err.println("$ pulumi " + String.join(" ", args) + "  (exit " + p.exitValue() + ")\n" + text);
        return new Result(p.exitValue(), text);
    }
}
