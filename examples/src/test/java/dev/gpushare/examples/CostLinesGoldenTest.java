package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cost lines of every example spec (each folder's {@code spec.yaml} and the specs of
 * examples/kubernetes) as {@code plan} on an empty backend, {@code status} after the apply and
 * {@code status --spec} print them, against {@code golden/cost/<name>.txt}. {@code place}'s cost
 * lines are in each example's {@code place.txt}; these are the other commands, which price from
 * other inputs: {@code plan} compares against the backend, {@code status} reads copy sizes off
 * the state and prices with the catalog unless given the spec.
 */
class CostLinesGoldenTest {
    /** Every example spec, relative to the module directory. */
    static List<String> specs() {
        List<String> out = new ArrayList<>();
        for (String name : ExampleFolders.names()) out.add(ExampleFolders.spec(name).toString());
        try (Stream<Path> files = Files.list(Path.of("kubernetes"))) {
            files.map(Path::toString).filter(f -> f.endsWith(".yaml")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @ParameterizedTest(name = "cost lines of {0}")
    @MethodSource("specs")
    void planAndStatusCostLinesMatchTheGoldenFile(String spec, @TempDir Path dir) {
        String backend = "file:" + dir.resolve("state");
        CliResult plan = Main.capture("plan", spec, "--backend", backend);
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(Main.capture("apply", spec, "--backend", backend, "--auto-approve").exitCode()).isZero();
        CliResult status = Main.capture("status", "--backend", backend);
        CliResult withSpec = Main.capture("status", "--backend", backend, "--spec", spec);
        assertThat(status.exitCode()).isZero();
        assertThat(withSpec.exitCode()).isZero();

        String text = "$ gpushare plan " + spec + "\n" + costLines(plan.out())
                + "\n$ gpushare status (after apply)\n" + costLines(status.out())
                + "\n$ gpushare status --spec " + spec + "\n" + costLines(withSpec.out());
        Golden.check(Path.of("cost", RenderKubernetesGoldenTest.name(spec) + ".txt"), text);
    }

    /**
     * The cost lines of a command's text output: the plan's change line ({@code $/hour a → b}) and
     * the block from {@code cost and GPU memory} to the next blank line. Fails when there are none,
     * so an example without cost lines cannot pass unnoticed.
     */
    static String costLines(String out) {
        StringBuilder sb = new StringBuilder();
        boolean inBlock = false;
        for (String line : out.split("\n", -1)) {
            if (line.startsWith("cost and GPU memory")) inBlock = true;
            else if (inBlock && line.isBlank()) inBlock = false;
            if (inBlock || line.startsWith("$/hour ")) sb.append(line).append('\n');
        }
        assertThat(sb.toString()).as("cost lines in:\n%s", out).contains("cost and GPU memory").contains("  total ");
        return sb.toString();
    }
}
