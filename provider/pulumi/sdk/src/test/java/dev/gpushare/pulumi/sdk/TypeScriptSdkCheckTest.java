package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Node.js SDK builds with tsc against @pulumi/pulumi from npm, and the TypeScript example
 * type-checks against the built package ({@code tsc --noEmit}), as a user's program would after
 * installing it (layout: {@link TypeScriptWorkspace}). Not run: the Node.js language host cannot
 * be built here (docs/pulumi.md).
 */
class TypeScriptSdkCheckTest {
    @TempDir
    static Path work;

    private static TypeScriptWorkspace ts;

    @BeforeAll
    static void buildTheSdk() {
        ts = TypeScriptWorkspace.build(work);
    }

    @AfterAll
    static void unlinkTheTools() {
        if (ts != null) ts.unlinkTools();
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
        SdkTools.Result r = ts.typeCheck(ts.copyExample("pulumi-typescript"));
        assertThat(r.exitCode()).as(r.output()).isZero();
    }

    @Test
    void aWrongInputTypeInTheExampleIsAnError() throws IOException {
        // the check would pass vacuously if the SDK's types resolved to `any`
        Path example = ts.copyExample("pulumi-typescript");
        Path index = example.resolve("index.ts");
        String program = Files.readString(index);
        assertThat(program).contains("desiredCount: embedderCount,");
        Files.writeString(index, program.replace("desiredCount: embedderCount,", "desiredCount: \"four\","));
        SdkTools.Result r = ts.typeCheck(example);
        assertThat(r.exitCode()).as(r.output()).isNotZero();
        assertThat(r.output()).contains("error TS2322").contains("Input<number>");
    }
}
