package dev.gpushare.engine.interop.cloudformation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * AWS's CloudFormation linter, run as a process: {@code $GPUSHARE_CFN_LINT/cfn-lint} (the folder
 * scripts/install-cfn-lint prints; .ci/run sets it). Without it a test is skipped with the
 * reason — except under {@code CI=true}, where CI provides it, and the test fails.
 */
final class CfnLint {
    /** One finding: its level (Error, Warning, Informational), rule id, file, path in the template and message. */
    record Finding(String level, String rule, String file, String path, String message) {
        @Override
        public String toString() {
            return level + " " + rule + " " + file + " " + path + ": " + message;
        }
    }

    private CfnLint() {}

    static Path executable() {
        String dir = System.getenv("GPUSHARE_CFN_LINT");
        String why;
        if (dir == null || dir.isBlank()) {
            why = "GPUSHARE_CFN_LINT is not set";
        } else if (!Files.isExecutable(Path.of(dir, "cfn-lint"))) {
            why = "GPUSHARE_CFN_LINT=" + dir + " has no cfn-lint";
        } else {
            return Path.of(dir, "cfn-lint");
        }
        String message = "cfn-lint not found (" + why + "): run scripts/install-cfn-lint and set GPUSHARE_CFN_LINT to the folder it prints";
        if ("true".equals(System.getenv("CI"))) throw new AssertionError(message);
        Assumptions.abort(message);
        return null;
    }

    /** The folder of cfn-lint's bundled resource schemas (CloudFormation's own, us-east-1). */
    static Path schemas() {
        return executable().getParent().resolveSibling("lib").resolve("cfnlint/data/schemas");
    }

    /** Lints all {@code files} in one run (cfn-lint takes seconds to start) and returns every finding. */
    static List<Finding> run(List<Path> files) {
        List<String> command = new ArrayList<>(List.of(executable().toString(), "--format", "json", "--"));
        files.forEach(f -> command.add(f.toString()));
        try {
            Path errFile = Files.createTempFile("cfn-lint", ".err");
            Process p = new ProcessBuilder(command).redirectError(errFile.toFile()).start();
            byte[] out;
            try {
                out = p.getInputStream().readAllBytes();
                if (!p.waitFor(5, TimeUnit.MINUTES)) throw new AssertionError("cfn-lint did not finish in 5 minutes");
            } finally {
                p.destroyForcibly();
            }
            String err = Files.readString(errFile);
            Files.deleteIfExists(errFile);
            String text = new String(out, StandardCharsets.UTF_8);
            // exit status: 0 clean, or a bit set per level found (2 error, 4 warning, 8 informational); anything else failed to run
            if ((p.exitValue() & ~(2 | 4 | 8)) != 0 || text.isBlank()) {
                throw new AssertionError("cfn-lint failed (exit " + p.exitValue() + "): " + err + text);
            }
            List<Finding> findings = new ArrayList<>();
            for (JsonNode f : JsonMapper.builder().build().readTree(text)) {
                List<String> path = new ArrayList<>();
                f.path("Location").path("Path").forEach(e -> path.add(e.asString()));
                findings.add(new Finding(f.path("Level").asString(), f.path("Rule").path("Id").asString(),
                        Path.of(f.path("Filename").asString()).getFileName().toString(), "/" + String.join("/", path),
                        f.path("Message").asString()));
            }
            return findings;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while cfn-lint ran", e);
        }
    }
}
