package dev.gpushare.server.agent.internal;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a probe binary found on a given {@code PATH}, with input, under a timeout: a binary that
 * does not answer in time is killed (with its children) and counts as a failure.
 */
public final class Probe {
    private Probe() {}

    /** How one run ended. {@code ok}: exit status 0 within the timeout. */
    public record Result(boolean ok, String output, String failure) {
        static Result failed(String why, String output) {
            return new Result(false, output, why);
        }
    }

    /** The binary {@code name} in the directories of {@code pathVariable}, when one is executable there. */
    public static Optional<Path> find(String name, String pathVariable) {
        if (pathVariable == null) return Optional.empty();
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    public static Result run(Path binary, List<String> args, String input, Duration timeout, Map<String, String> env) {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(binary.toString());
        pb.command().addAll(args);
        pb.environment().clear();
        pb.environment().putAll(env);
        pb.redirectErrorStream(true);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return Result.failed("cannot run " + binary + ": " + e.getMessage(), "");
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        try (OutputStream in = p.getOutputStream()) {
            if (input != null) in.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the binary closed its input early: its exit status says the rest
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(2, TimeUnit.SECONDS);
                return Result.failed(binary.getFileName() + " did not answer within " + timeout.toSeconds() + " s (probe timed out)", "");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return Result.failed("interrupted", "");
        }
        String text;
        try {
            text = out.get(2, TimeUnit.SECONDS).strip();
        } catch (Exception e) {
            text = "";
        }
        if (p.exitValue() != 0) {
            return Result.failed(binary.getFileName() + " exited with status " + p.exitValue()
                    + (text.isEmpty() ? "" : ": " + firstLine(text)), text);
        }
        return new Result(true, text, null);
    }

    static String firstLine(String text) {
        int nl = text.indexOf('\n');
        String line = nl < 0 ? text : text.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }

    private static String read(InputStream in) {
        try {
            byte[] b = in.readNBytes(64 * 1024);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
