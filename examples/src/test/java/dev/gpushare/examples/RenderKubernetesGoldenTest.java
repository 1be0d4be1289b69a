package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code gpushare render kubernetes} on every example that maps to Kubernetes, with DRA claims and
 * with the device plugin, against golden files ({@code golden/render-kubernetes/<name>-<devices>.yaml}).
 * The Kubernetes module's {@code RenderedManifestsApplyTest} applies these same files to a real API server.
 */
class RenderKubernetesGoldenTest {
    static final List<String> SPECS = List.of(
            "mps-sharing/spec.yaml", "ecs-gpu-tasks/spec.yaml", "sagemaker-mig/spec.yaml",
            "unhealthy-replacement/spec.yaml", "contract-example/spec.yaml",
            "kubernetes/time-slicing.yaml", "kubernetes/mig-provider.yaml");

    static List<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (String spec : SPECS) for (String devices : List.of("dra", "device-plugin")) runs.add(Arguments.of(spec, devices));
        return runs;
    }

    /** The golden file's name: the example folder, or the file name for examples/kubernetes. */
    static String name(String spec) {
        Path p = Path.of(spec);
        return p.getFileName().toString().equals("spec.yaml") ? p.getParent().toString()
                : p.getFileName().toString().replace(".yaml", "");
    }

    @ParameterizedTest(name = "gpushare render kubernetes {0} --devices {1}")
    @MethodSource("runs")
    void manifestsMatchTheGoldenFile(String spec, String devices) {
        CliResult r = Main.capture("render", "kubernetes", spec, "--devices", devices);
        Golden.check(Path.of("render-kubernetes", name(spec) + "-" + devices + ".yaml"), r.out());
        assertThat(r.err()).isEmpty();
        assertThat(r.exitCode()).isZero();
    }
}
