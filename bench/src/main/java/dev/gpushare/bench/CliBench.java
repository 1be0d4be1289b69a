package dev.gpushare.bench;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Issue 15, target 3: the command line end to end on a 100,000-copy fleet (docs/benchmarks.md,
 * "Command line at fleet scale"). Each command is a fresh JVM started as {@code ./gpushare} starts
 * it (C1 only, serial GC, a class-data archive), on workload (a) (100,000 MPS copies on
 * g6.12xlarge) in a local state file: the first apply, then {@code plan} with no changes, {@code
 * status} and {@code status --format json}, then applies of a 1 % change (+1,000 copies) and back.
 * Wall times include the JVM; CPU times (user + system, all threads: JIT and GC too) are what the
 * command costs on a machine shared with other work. Several engines can be measured in one run,
 * side by side; needs {@code /usr/bin/time}.
 *
 * <p>{@code CliBench RUNS LABEL=CLI_JAR [LABEL=CLI_JAR…]} (the shaded {@code gpushare.jar}).
 */
public final class CliBench {
    private CliBench() {}

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        Path dir = Files.createTempDirectory("gpushare-cli-bench");
        Spec a = Workloads.mps(100_000, Workloads.SEED);
        Path specA = dir.resolve("fleet.json"), specD = dir.resolve("fleet-plus-1pct.json");
        Files.writeString(specA, SpecWriter.toJson(a));
        Files.writeString(specD, SpecWriter.toJson(Workloads.grow(a)));
        System.out.printf(Locale.ROOT, "# 100,000 MPS copies (workload a), %d runs each, %d CPU(s), load %.2f%n", runs,
                Runtime.getRuntime().availableProcessors(), Measure.load());
        System.out.println("| engine | command | wall s, median | min | max | CPU s (user+sys), median | load |");
        for (String engine : Arrays.copyOfRange(args, 1, args.length)) {
            String label = engine.substring(0, engine.indexOf('='));
            Path jar = Path.of(engine.substring(engine.indexOf('=') + 1));
            Path work = Files.createDirectories(dir.resolve(label.replaceAll("[^A-Za-z0-9]", "_")));
            Cli cli = new Cli(jar, work);
            row(label, "apply (first, from empty)", List.<double[]>of(cli.time("apply", specA.toString(), "--auto-approve")));
            row(label, "plan, no changes", cli.times(runs, "plan", specA.toString()));
            row(label, "status", cli.times(runs, "status"));
            row(label, "status --format json", cli.times(runs, "status", "--format", "json"));
            List<double[]> grow = new ArrayList<>(), shrink = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                grow.add(cli.time("apply", specD.toString(), "--auto-approve"));
                shrink.add(cli.time("apply", specA.toString(), "--auto-approve"));
            }
            row(label, "apply +1 % (1,000 copies)", grow);
            row(label, "apply −1 % (back)", shrink);
            long bytes = 0;
            try (var files = Files.list(work.resolve("state-dir"))) {
                for (Path p : files.toList()) bytes += Files.size(p);
            }
            System.out.printf(Locale.ROOT, "| %s | state file (with WAL) | %.1f MB | | | | |%n", label, bytes / 1e6);
        }
    }

    /** One row: wall times (median, min, max) and the median CPU time of the runs, each {wall, cpu}. */
    static void row(String label, String command, List<double[]> runs) {
        double[] wall = runs.stream().mapToDouble(r -> r[0]).sorted().toArray();
        double[] cpu = runs.stream().mapToDouble(r -> r[1]).sorted().toArray();
        System.out.printf(Locale.ROOT, "| %s | %s | **%.2f** | %.2f | %.2f | %.2f | %.1f |%n", label, command, wall[wall.length / 2],
                wall[0], wall[wall.length - 1], cpu[cpu.length / 2], Measure.load());
    }


    /** One engine's command line, as the launcher script runs it, on its own state file. */
    record Cli(Path jar, Path work) {
        List<double[]> times(int runs, String... args) throws IOException, InterruptedException {
            List<double[]> out = new ArrayList<>();
            for (int i = 0; i < runs; i++) out.add(time(args));
            return out;
        }

        /** {wall, user + system CPU} seconds of one command, its JVM included (CPU as /usr/bin/time counts it). */
        double[] time(String... args) throws IOException, InterruptedException {
            String java = ProcessHandle.current().info().command().orElse("java");
            Path times = work.resolve("time.txt");
            List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S", "-o", times.toString(), java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:InitialRAMPercentage=6.25", "-Xshare:auto",
                    "-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + work.resolve("gpushare.jsa"), "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off", "-jar", jar.toString()));
            cmd.addAll(List.of(args));
            if (!args[0].equals("validate")) cmd.addAll(List.of("--backend", "file:" + work.resolve("state-dir").resolve("state")));
            File err = work.resolve("stderr.txt").toFile();
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(err).start();
            int rc = p.waitFor();
            double s = (System.nanoTime() - t0) / 1e9;
            if (rc != 0) throw new IOException(String.join(" ", args) + " exited " + rc + ": " + Files.readString(err.toPath()));
            String[] us = Files.readString(times).trim().split("\\s+");
            return new double[] {s, Double.parseDouble(us[0]) + Double.parseDouble(us[1])};
        }
    }
}
