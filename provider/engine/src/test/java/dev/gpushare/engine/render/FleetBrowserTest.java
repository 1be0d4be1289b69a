package dev.gpushare.engine.render;

import dev.gpushare.engine.resolve.ResolvedSpec;

import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.Spec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTML page in a real browser: Debian's headless Chromium renders it to a PNG (kept under
 * {@code target/fleet-pictures/} for people to look at) and dumps the DOM it built, whose
 * structure must hold every instance and GPU of the state. Skipped where Chromium is not
 * installed ({@code .ci/install-chromium} installs it).
 */
class FleetBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Pattern INSTANCE = Pattern.compile("data-instance=\"([^\"]*)\"");
    private static final Pattern GPU = Pattern.compile("data-gpu=\"([^\"]*)\"");
    private static final Pattern GROUP = Pattern.compile("data-count=\"([0-9]+)\"");

    @TempDir
    Path tmp;

    /** A hand-built state ({@link FleetStates}) or an example of {@code examples/} placed on an empty fleet. */
    static FleetState state(String example) {
        return switch (example) {
            case "mixed" -> FleetStates.mixed();
            case "large" -> FleetStates.large();
            default -> {
                var report = SpecValidator.validateFiles(List.of(Path.of("../../examples", example, "spec.yaml")));
                assertThat(report.problems()).as("example %s is valid", example).isEmpty();
                Spec spec = report.spec();
                yield Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster()));
            }
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mixed", "large", "mps-sharing", "sagemaker-mig"})
    void chromiumRendersEveryInstanceAndGpu(String example) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
                "no /usr/bin/chromium: run .ci/install-chromium to run the browser test");
        FleetState state = state(example);
        assertThat(state.instances()).isNotEmpty();
        Path html = tmp.resolve(example + ".html");
        Files.writeString(html, FleetHtml.render(state), StandardCharsets.UTF_8);
        Path pictures = Path.of("target", "fleet-pictures");
        Files.createDirectories(pictures);
        Path png = pictures.resolve(example + ".png").toAbsolutePath();
        Files.deleteIfExists(png);

        chromium(List.of("--screenshot=" + png, "--window-size=1400,1000", html.toUri().toString()), example + "-shot");
        String dom = chromium(List.of("--dump-dom", html.toUri().toString()), example + "-dom");

        assertThat(png).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        assertThat(bytes.length).as("a blank page compresses to almost nothing").isGreaterThan(15_000);
        assertThat(all(INSTANCE, dom)).containsExactlyInAnyOrderElementsOf(FleetSvgTest.instanceIds(state));
        assertThat(all(GPU, dom)).containsExactlyInAnyOrderElementsOf(FleetSvgTest.gpuIds(state));
        List<String> counts = all(GROUP, dom);
        assertThat(counts.stream().mapToInt(Integer::parseInt).sum()).isEqualTo(state.instances().size());
        if (example.equals("large")) assertThat(counts).containsExactly("150", "49", "1");
    }

    /** Runs headless Chromium with a fresh profile; returns its stdout. */
    private String chromium(List<String> args, String name) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + tmp.resolve("profile-" + name)));
        cmd.addAll(args);
        Path out = tmp.resolve(name + ".out");
        Path err = tmp.resolve(name + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s: " + Files.readString(err));
        }
        assertThat(p.exitValue()).as("chromium exit status; stderr: %s", Files.readString(err)).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static List<String> all(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) out.add(m.group(1).replace("&amp;", "&"));
        return out;
    }
}
