package dev.gpushare.bench;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Issue 24, target 2: the command line planning from the local backend's stored baseline, against
 * {@code gpushare validate} of the same spec (docs/benchmarks.md, "The command line planning from a
 * stored baseline"). A 1,000-service spec of 98 MPS copies each (98,000 copies, workload (a)'s
 * generator) is applied once per engine; then, round after round (so that the machine's load
 * falls on every command alike), each of: {@code validate}, {@code plan} with no change, {@code
 * plan} with one service changed (+2 copies), {@code status --format json}. Each command is a
 * fresh JVM as {@code ./gpushare} starts it ({@link CliBench.Cli}). Prints medians and each
 * command's ratio to validate's median, with the load.
 *
 * <p>{@code BaselineCliBench RUNS LABEL=CLI_JAR [LABEL=CLI_JAR…]} (the shaded {@code gpushare.jar}).
 */
public final class BaselineCliBench {
    private BaselineCliBench() {}

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        Path dir = Files.createTempDirectory("gpushare-baseline-bench");
        Spec a = Workloads.mps(98_000, Workloads.SEED, 98);
        Path spec = dir.resolve("fleet.json"), changed = dir.resolve("fleet-one-service-changed.json");
        Files.writeString(spec, SpecWriter.toJson(a));
        Files.writeString(changed, SpecWriter.toJson(Workloads.oneServiceChanged(a, 2)));
        System.out.printf(Locale.ROOT, "# %,d MPS copies in %,d services (one pool), %d rounds, %d CPU(s), load %.2f%n",
                a.services().stream().mapToInt(s -> s.desiredCount()).sum(), a.services().size(), runs,
                Runtime.getRuntime().availableProcessors(), Measure.load());
        List<String> labels = new ArrayList<>();
        List<CliBench.Cli> clis = new ArrayList<>();
        for (String engine : Arrays.copyOfRange(args, 1, args.length)) {
            String label = engine.substring(0, engine.indexOf('='));
            Path work = Files.createDirectories(dir.resolve(label.replaceAll("[^A-Za-z0-9]", "_")));
            CliBench.Cli cli = new CliBench.Cli(Path.of(engine.substring(engine.indexOf('=') + 1)), work);
            cli.time("apply", spec.toString(), "--auto-approve");
            cli.time("validate", spec.toString()); // the class-data archive is made by a first run
            labels.add(label);
            clis.add(cli);
        }
        String[][] commands = {
            {"validate", spec.toString()},
            {"plan", spec.toString()},
            {"plan", changed.toString()},
            {"status", "--format", "json"},
        };
        String[] names = {"validate", "plan, no change", "plan, one service changed (+2 copies)", "status --format json"};
        // [engine][command] → runs of {wall, cpu}
        List<List<List<double[]>>> times = new ArrayList<>();
        for (int e = 0; e < clis.size(); e++) {
            List<List<double[]>> per = new ArrayList<>();
            for (int c = 0; c < commands.length; c++) per.add(new ArrayList<>());
            times.add(per);
        }
        double loadMin = Double.MAX_VALUE, loadMax = 0;
        for (int r = 0; r < runs; r++) {
            for (int e = 0; e < clis.size(); e++) {
                for (int c = 0; c < commands.length; c++) {
                    times.get(e).get(c).add(clis.get(e).time(commands[c]));
                    double load = Measure.load();
                    loadMin = Math.min(loadMin, load);
                    loadMax = Math.max(loadMax, load);
                }
            }
        }
        System.out.println("| engine | command | wall s, median | min | max | × validate (wall) | CPU s, median | × validate (CPU) |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (int e = 0; e < clis.size(); e++) {
            double validateWall = median(times.get(e).get(0), 0), validateCpu = median(times.get(e).get(0), 1);
            for (int c = 0; c < commands.length; c++) {
                List<double[]> t = times.get(e).get(c);
                double[] wall = t.stream().mapToDouble(x -> x[0]).sorted().toArray();
                System.out.printf(Locale.ROOT, "| %s | %s | **%.2f** | %.2f | %.2f | **%.2f** | %.2f | %.2f |%n", labels.get(e), names[c],
                        median(t, 0), wall[0], wall[wall.length - 1], median(t, 0) / validateWall, median(t, 1),
                        median(t, 1) / validateCpu);
            }
        }
        System.out.printf(Locale.ROOT, "# load average (1 min) during the rounds: %.1f–%.1f%n", loadMin, loadMax);
    }

    private static double median(List<double[]> runs, int k) {
        double[] v = runs.stream().mapToDouble(x -> x[k]).sorted().toArray();
        return v[v.length / 2];
    }
}
