package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Node.js SDK builds with tsc against @pulumi/pulumi from npm, and the TypeScript example
 * type-checks against the built package ({@code tsc --noEmit}), as a user's program would after
 * installing it. Not run: the Node.js language host cannot be built here (docs/pulumi.md).
 *
 * <p>Layout, as npm would make it: WORK/node_modules holds links to the tools' packages and
 * {@code @gpushare/pulumi} → WORK/sdk/bin (the SDK's tsc output with its package.json, what Pulumi
 * SDKs publish); WORK/sdk and WORK/example are copies, so nothing is written into the repository.
 */
class TypeScriptSdkCheckTest {
    @TempDir
    static Path work;

    private static Path tsc;

    @BeforeAll
    static void buildTheSdk() throws IOException {
        SdkTools.require(SdkTools.onPath("node") != null, "node is not on PATH");
        Path tools = SdkTools.toolsDir().resolve("node_modules");
        tsc = tools.resolve("typescript/bin/tsc");
        Path modules = Files.createDirectories(work.resolve("node_modules"));
        try (Stream<Path> s = Files.list(tools)) {
            for (Path p : s.toList()) Files.createSymbolicLink(modules.resolve(p.getFileName().toString()), p);
        }
        Path sdk = work.resolve("sdk");
        SdkTools.copyTree(SdkLayout.NODEJS, sdk);
        SdkTools.ok(sdk, Map.of(), 600, "node", tsc.toString(), "-p", ".");
        Files.copy(sdk.resolve("package.json"), sdk.resolve("bin/package.json"));
        Files.createSymbolicLink(Files.createDirectories(modules.resolve("@gpushare")).resolve("pulumi"), sdk.resolve("bin"));
    }

    @Test
    void theSdkBuildsToDeclarationsOfEveryResource() {
        // the package a program installs: index.d.ts exports each resource class
        String index = SdkLayout.read(work.resolve("sdk/bin/index.d.ts"));
        for (String token : SdkLayout.schemaResources().keySet()) {
            String name = SdkLayout.typeName(token);
            assertThat(work.resolve("sdk/bin/" + Character.toLowerCase(name.charAt(0)) + name.substring(1) + ".d.ts")).exists();
            assertThat(index).contains(name);
        }
    }

    @Test
    void theExampleTypeChecks() {
        Path example = copyExample("pulumi-typescript");
        SdkTools.ok(example, Map.of(), 600, "node", tsc.toString(), "-p", ".", "--noEmit");
    }

    @Test
    void aWrongInputTypeInTheExampleIsAnError() throws IOException {
        // the check would pass vacuously if the SDK's types resolved to `any`
        Path example = copyExample("pulumi-typescript");
        Path index = example.resolve("index.ts");
        String program = Files.readString(index);
        assertThat(program).contains("desiredCount: embedderCount,");
        Files.writeString(index, program.replace("desiredCount: embedderCount,", "desiredCount: \"four\","));
        SdkTools.Result r = SdkTools.run(example, Map.of(), 600, "node", tsc.toString(), "-p", ".", "--noEmit");
        assertThat(r.exitCode()).as(r.output()).isNotZero();
        assertThat(r.output()).contains("error TS2322").contains("Input<number>");
    }

    private static Path copyExample(String name) {
        Path to = work.resolve(name + "-" + System.nanoTime());
        SdkTools.copyTree(SdkLayout.EXAMPLES.resolve(name), to);
        return to;
    }
}
