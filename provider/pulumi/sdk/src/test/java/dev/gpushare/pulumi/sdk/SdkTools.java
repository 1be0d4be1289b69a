package dev.gpushare.pulumi.sdk;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The tools the SDK checks run (tsc, pyright, python3, go, the generators), found where
 * scripts/prepare-sdk-tools, build-pulumi-sdkgen and build-pulumi-cli put them. A missing tool
 * skips the check with the reason, and fails it under CI=true, where .ci/run provides them.
 */
final class SdkTools {
    record Result(int exitCode, String output) {}

    private SdkTools() {}

    /** Skips with {@code reason} when {@code present} is false; fails instead under CI=true. */
    static void require(boolean present, String reason) {
        if (present) return;
        if ("true".equals(System.getenv("CI"))) fail(reason + " (CI=true: .ci/run must provide it)");
        Assumptions.abort(reason);
    }

    /** The folder of scripts/prepare-sdk-tools (node_modules/, python/), required to be complete. */
    static Path toolsDir() {
        String explicit = System.getenv("GPUSHARE_SDK_TOOLS");
        Path dir;
        if (explicit != null && !explicit.isBlank()) {
            dir = Path.of(explicit);
        } else {
            Result r = run(SdkLayout.ROOT, Map.of(), 60, "bash", SdkLayout.ROOT.resolve("scripts/prepare-sdk-tools").toString(), "--path");
            dir = Path.of(r.output().strip());
        }
        require(Files.exists(dir.resolve(".complete")), "the SDK tools are not installed in " + dir + "; run scripts/prepare-sdk-tools");
        return dir;
    }

    /** {@code name} on PATH, or null. */
    static Path onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    /** Runs {@code command} in {@code dir} with {@code env} added, output and errors together. */
    static Result run(Path dir, Map<String, String> env, int timeoutSeconds, String... command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            // read on another thread: a full pipe would block the tool and the timeout would never fire
            var out = new java.io.ByteArrayOutputStream();
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    p.getInputStream().transferTo(out);
                } catch (IOException ignored) {
                    // the process ended
                }
            });
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                reader.join();
                fail(String.join(" ", command) + " ran past " + timeoutSeconds + " s:\n" + out.toString(StandardCharsets.UTF_8));
            }
            reader.join();
            return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs and requires exit status 0, else fails with the command's output. */
    static String ok(Path dir, Map<String, String> env, int timeoutSeconds, String... command) {
        Result r = run(dir, env, timeoutSeconds, command);
        if (r.exitCode() != 0) fail(String.join(" ", command) + " exited " + r.exitCode() + ":\n" + r.output());
        return r.output();
    }

    static void copyTree(Path from, Path to) {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The relative paths of the files under {@code dir}, build outputs left out (see the SDKs' .gitignore). */
    static List<String> files(Path dir) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(p).toString();
                if (!isBuildOutput(rel)) out.add(rel);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(null);
        return out;
    }

    private static boolean isBuildOutput(String rel) {
        for (String part : rel.split("/")) {
            if (part.equals("node_modules") || part.equals("bin") || part.equals("build") || part.equals("__pycache__")
                    || part.endsWith(".egg-info") || part.equals("dist")) {
                return true;
            }
        }
        return false;
    }
}
