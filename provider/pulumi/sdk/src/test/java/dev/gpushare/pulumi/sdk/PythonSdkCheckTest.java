package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python SDK installs with pip (its pyproject.toml, setuptools), imports against pulumi from
 * PyPI, and the Python example passes pyright in strict mode against it. Not run: the Python
 * language host cannot be built here (docs/pulumi.md).
 *
 * <p>The SDK is installed with {@code pip install --target WORK/site} from a copy, the tools'
 * python/ folder (pulumi, setuptools) and WORK/site are the PYTHONPATH; nothing is written into the
 * repository.
 */
class PythonSdkCheckTest {
    @TempDir
    static Path work;

    private static Path pyright;
    private static Map<String, String> env;

    @BeforeAll
    static void installTheSdk() {
        SdkTools.require(SdkTools.onPath("python3") != null, "python3 is not on PATH");
        SdkTools.require(SdkTools.onPath("node") != null, "node is not on PATH (pyright runs on it)");
        Path tools = SdkTools.toolsDir();
        pyright = tools.resolve("node_modules/pyright/index.js");
        Path site = work.resolve("site");
        env = Map.of("PYTHONPATH", site + ":" + tools.resolve("python"), "PIP_DISABLE_PIP_VERSION_CHECK", "1",
                "PYTHONDONTWRITEBYTECODE", "1");
        Path source = work.resolve("sdk");
        SdkTools.copyTree(SdkLayout.PYTHON, source);
        SdkTools.ok(work, env, 600, "python3", "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                "--no-index", "--target", site.toString(), source.toString());
    }

    @Test
    void theSdkImportsAgainstPulumiFromPyPI() {
        String out = SdkTools.ok(work, env, 120, "python3", "-c", """
                import importlib.metadata, pulumi, pulumi_gpushare as g
                print("version", importlib.metadata.version("pulumi_gpushare"))
                for name in ("CapacityProvider", "TaskDefinition", "Service", "Endpoint", "InferenceComponent", "Provider"):
                    cls = getattr(g, name)
                    assert issubclass(cls, pulumi.CustomResource), name
                    print("resource", name)
                """);
        assertThat(out).contains("version " + SdkLayout.schema().get("version").asString());
        for (String token : SdkLayout.schemaResources().keySet()) assertThat(out).contains("resource " + SdkLayout.typeName(token));
    }

    @Test
    void theExamplePassesPyrightStrict() {
        Path example = copyExample();
        String out = SdkTools.ok(example, env, 600, "node", pyright.toString(), "-p", "pyrightconfig.json",
                "--pythonpath", SdkTools.onPath("python3").toString());
        assertThat(out).contains("0 errors");
    }

    @Test
    void aWrongInputTypeInTheExampleIsAnError() throws IOException {
        // the check would pass vacuously if pulumi_gpushare were not found (an unknown import is
        // an error in strict mode, but a wrong type proves the SDK's types are read)
        Path example = copyExample();
        Path main = example.resolve("__main__.py");
        String program = Files.readString(main);
        assertThat(program).contains("desired_count=embedder_count,");
        Files.writeString(main, program.replace("desired_count=embedder_count,", "desired_count=\"four\","));
        SdkTools.Result r = SdkTools.run(example, env, 600, "node", pyright.toString(), "-p", "pyrightconfig.json",
                "--pythonpath", SdkTools.onPath("python3").toString());
        assertThat(r.exitCode()).as(r.output()).isNotZero();
        assertThat(r.output()).contains("desired_count").contains("reportArgumentType");
    }

    private static Path copyExample() {
        Path to = work.resolve("example-" + System.nanoTime());
        SdkTools.copyTree(SdkLayout.EXAMPLES.resolve("pulumi-python"), to);
        return to;
    }
}
