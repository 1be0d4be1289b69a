package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code place} (the solver's answer) and {@code status} (the same fleet read back from the store)
 * list instances and copies in one order: owner, then instance number as people count
 * ({@code ex-2} before {@code ex-10}), then copy number. Twelve instances and twelve copies on one
 * GPU make a text order ({@code ex-10, ex-11, ex-2}) visible.
 */
class ListingOrderTest {
    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: ordering
            capacityProviders:
              - {name: ex, instanceType: g6.xlarge, maxInstances: 20, gpuSharing: {strategy: EXCLUSIVE}}
              - {name: ex-mps, instanceType: g6.xlarge, maxInstances: 2, gpuSharing: {strategy: MPS}}
            taskDefinitions:
              - family: whole
                containers:
                  - {name: model, image: x:1, gpu: 1}
              - family: small
                containers:
                  - {name: model, image: x:1, gpu: {nvidiaMps: {memory: 1024, maxComputePercent: 5}}}
            services:
              - {name: whole, taskDefinition: whole, capacityProvider: ex, desiredCount: 12}
              - {name: small, taskDefinition: small, capacityProvider: ex-mps, desiredCount: 12}
            """;
    /** An instance line, or a copy on a GPU line ({@code TASK:CONTAINER}). */
    private static final Pattern TEXT_IDS = Pattern.compile("(?m)^([a-z-]+-\\d+)  |\\b([a-z]+/\\d+):model");
    private static final Pattern JSON_IDS = Pattern.compile("\"(?:id|task)\" ?: \"([^\"]+)\"");
    private static final Pattern SVG_IDS = Pattern.compile("data-instance=\"([^\"]+)\"");

    @Test
    void placeAndStatusListInstancesAndCopiesInTheSameOrder(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("spec.yaml");
        Files.writeString(spec, SPEC);
        String backend = "file:" + dir.resolve("state");

        List<String> placed = ids(TEXT_IDS, run("place", spec.toString()));
        List<String> expected = new ArrayList<>();
        for (int n = 0; n < 12; n++) expected.addAll(List.of("ex-" + n, "whole/" + n));
        expected.add("ex-mps-0");
        for (int n = 0; n < 12; n++) expected.add("small/" + n);
        assertThat(placed).containsExactlyElementsOf(expected);

        assertThat(Main.capture("apply", spec.toString(), "--auto-approve", "--backend", backend).exitCode()).isZero();
        assertThat(ids(TEXT_IDS, run("status", "--backend", backend))).containsExactlyElementsOf(placed);
        assertThat(ids(JSON_IDS, run("status", "--backend", backend, "--format", "json")))
                .containsExactlyElementsOf(ids(JSON_IDS, run("place", spec.toString(), "--format", "json")))
                .containsExactlyElementsOf(placed);
        assertThat(ids(SVG_IDS, run("status", "--backend", backend, "--format", "svg")))
                .containsExactlyElementsOf(ids(SVG_IDS, run("place", spec.toString(), "--format", "svg")))
                .containsExactlyElementsOf(placed.stream().filter(s -> !s.contains("/")).toList());
    }

    private static String run(String... args) {
        CliResult r = Main.capture(args);
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r.out();
    }

    private static List<String> ids(Pattern p, String out) {
        List<String> ids = new ArrayList<>();
        Matcher m = p.matcher(out);
        while (m.find()) ids.add(m.group(1) != null ? m.group(1) : m.group(2));
        return ids;
    }
}
