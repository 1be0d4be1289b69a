package dev.gpushare.pulumi.sdk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder laid out as npm would lay out a user's program after installing the Node.js SDK:
 * WORK/node_modules holds links to the tools' packages (typescript, {@code @pulumi/pulumi},
 * {@code @pulumi/aws}, {@code @types/node}) and {@code @gpushare/pulumi} → WORK/sdk/bin, the SDK's
 * tsc output with its package.json (what Pulumi SDKs publish). WORK/sdk and the examples are
 * copies, so nothing is written into the repository.
 */
record TypeScriptWorkspace(Path work, Path tools, Path tsc) {
    /** Builds the SDK into {@code work}; skips (fails under CI=true) without node or the tools. */
    static TypeScriptWorkspace build(Path work) {
        SdkTools.require(SdkTools.onPath("node") != null, "node is not on PATH");
        Path tools = SdkTools.toolsDir().resolve("node_modules");
        TypeScriptWorkspace ws = new TypeScriptWorkspace(work, tools, tools.resolve("typescript/bin/tsc"));
        try {
            Path modules = Files.createDirectories(work.resolve("node_modules"));
            try (Stream<Path> s = Files.list(tools)) {
                for (Path p : s.toList()) Files.createSymbolicLink(modules.resolve(p.getFileName().toString()), p);
            }
            Path sdk = work.resolve("sdk");
            SdkTools.copyTree(SdkLayout.NODEJS, sdk);
            SdkTools.ok(sdk, Map.of(), 600, "node", ws.tsc.toString(), "-p", ".");
            Files.copy(sdk.resolve("package.json"), sdk.resolve("bin/package.json"));
            Files.createSymbolicLink(Files.createDirectories(modules.resolve("@gpushare")).resolve("pulumi"), sdk.resolve("bin"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ws;
    }

    /**
     * Removes the links to the tools before JUnit deletes the folder (it would warn once for each
     * link that leads out of it); the tools themselves stay.
     */
    void unlinkTools() {
        Path modules = work.resolve("node_modules");
        try (Stream<Path> s = Files.list(modules)) {
            for (Path p : s.toList()) if (Files.isSymbolicLink(p)) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh copy of examples/NAME inside the workspace (so its imports resolve to WORK/node_modules). */
    Path copyExample(String name) {
        Path to = work.resolve(name + "-" + System.nanoTime());
        SdkTools.copyTree(SdkLayout.EXAMPLES.resolve(name), to);
        return to;
    }

    /** {@code tsc -p . --noEmit} in {@code project}, errors one a line ({@code --pretty false}). */
    SdkTools.Result typeCheck(Path project) {
        return SdkTools.run(project, Map.of(), 600, "node", tsc.toString(), "-p", ".", "--noEmit", "--pretty", "false");
    }
}
