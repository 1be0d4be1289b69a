package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed SDKs are what the generators make of the committed schema.json, byte for byte:
 * Node.js, Python and Go from gpushare-sdkgen (scripts/build-pulumi-sdkgen), Java from
 * {@code pulumi package gen-sdk --language java --local}. That schema.json is the provider's own
 * is PulumiSchemaTest's business (provider/pulumi). When this fails: scripts/gen-pulumi-sdk.
 */
class SdkFreshnessTest {
    private static final String FIX = "the committed SDK is stale: run scripts/gen-pulumi-sdk (after mvn -pl provider/pulumi -am package -DskipTests)";

    @TempDir
    Path work;

    @Test
    void nodejsPythonAndGoMatchTheGenerator() {
        SdkTools.require(SdkTools.onPath("go") != null, "go is not on PATH (scripts/build-pulumi-sdkgen builds the generator)");
        SdkTools.Result built = SdkTools.run(SdkLayout.ROOT, Map.of(), 600, "bash",
                SdkLayout.ROOT.resolve("scripts/build-pulumi-sdkgen").toString());
        SdkTools.require(built.exitCode() == 0, "scripts/build-pulumi-sdkgen failed:\n" + built.output());
        String[] lines = built.output().strip().split("\n");
        Path sdkgen = Path.of(lines[lines.length - 1]);
        Path out = work.resolve("sdk");
        SdkTools.ok(work, Map.of(), 120, sdkgen.toString(), SdkLayout.SCHEMA.toString(), out.toString());
        List<String> differences = new ArrayList<>();
        differences.addAll(compare(out.resolve("nodejs"), SdkLayout.NODEJS, "nodejs/"));
        differences.addAll(compare(out.resolve("python"), SdkLayout.PYTHON, "python/"));
        differences.addAll(compare(out.resolve("go"), SdkLayout.GO, "go/"));
        assertThat(differences).as(FIX).isEmpty();
    }

    @Test
    void javaMatchesPulumiGenSdk() {
        Path bin = pulumiBin();
        SdkTools.require(bin != null, "the Pulumi CLI with pulumi-language-java is not built; run scripts/build-pulumi-cli");
        Map<String, String> env = Map.of(
                "PATH", bin + ":" + System.getenv().getOrDefault("PATH", ""),
                "PULUMI_HOME", work.resolve("pulumi-home").toString(),
                "PULUMI_SKIP_UPDATE_CHECK", "true",
                "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION", "true",
                "PULUMI_DISABLE_REGISTRY_RESOLVE", "true");
        Path out = work.resolve("java");
        SdkTools.ok(work, env, 300, bin.resolve("pulumi").toString(), "package", "gen-sdk", SdkLayout.SCHEMA.toString(),
                "--language", "java", "--local", "--out", out.toString());
        assertThat(compare(out.resolve("java/src"), SdkLayout.SDK.resolve("src"), "src/"))
                .as(FIX).isEmpty();
    }

    /** What differs between the generated tree and the committed one, one line per file. */
    private static List<String> compare(Path generated, Path committed, String label) {
        List<String> want = SdkTools.files(generated);
        List<String> have = SdkTools.files(committed).stream().filter(f -> !f.startsWith("test/")).toList();
        List<String> out = new ArrayList<>();
        for (String f : want) {
            if (!have.contains(f)) out.add(label + f + ": missing (the generator writes it)");
            else if (!sameBytes(generated.resolve(f), committed.resolve(f))) out.add(label + f + ": differs from the generator's");
        }
        for (String f : have) if (!want.contains(f)) out.add(label + f + ": not written by the generator");
        return out;
    }

    private static boolean sameBytes(Path a, Path b) {
        try {
            return Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The bin folder of scripts/build-pulumi-cli when it holds pulumi and pulumi-language-java, else null. */
    private static Path pulumiBin() {
        String explicit = System.getenv("GPUSHARE_PULUMI_BIN");
        Path bin = explicit != null && !explicit.isBlank() ? Path.of(explicit)
                : Path.of(System.getenv().getOrDefault("GPUSHARE_CACHE", System.getProperty("user.home") + "/.cache/gpushare"),
                        "pulumi-3.274.1", "bin");
        return Files.isExecutable(bin.resolve("pulumi")) && Files.isExecutable(bin.resolve("pulumi-language-java")) ? bin : null;
    }
}
