package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Go example and the Go SDK it imports (a replace directive points at this checkout's module)
 * pass {@code go vet} and {@code go build} against github.com/pulumi/pulumi/sdk/v3. Offline: the
 * modules come from the cache scripts/prepare-sdk-tools filled (GOPROXY=off), go.sum is committed
 * and read-only. Not run: the Go language host cannot be built here (docs/pulumi.md).
 */
class GoSdkCheckTest {
    @TempDir
    Path work;

    @Test
    void theExampleAndTheSdkVetAndBuild() {
        SdkTools.require(SdkTools.onPath("go") != null, "go is not on PATH");
        String cache = System.getenv().getOrDefault("GPUSHARE_CACHE", System.getProperty("user.home") + "/.cache/gpushare");
        Map<String, String> env = Map.of(
                "GOMODCACHE", System.getenv().getOrDefault("GPUSHARE_GOMODCACHE", cache + "/go/mod"),
                "GOCACHE", System.getenv().getOrDefault("GPUSHARE_GOCACHE", cache + "/go/build"),
                "GOFLAGS", "-mod=readonly -buildvcs=false",
                "GOPROXY", "off",
                "GOTOOLCHAIN", System.getenv().getOrDefault("GOTOOLCHAIN", "auto"));
        Path example = SdkLayout.EXAMPLES.resolve("pulumi-go");
        SdkTools.Result modules = SdkTools.run(example, env, 600, "go", "mod", "download");
        SdkTools.require(modules.exitCode() == 0, "the Go example's modules are not in the cache; run scripts/prepare-sdk-tools\n"
                + modules.output());
        SdkTools.ok(example, env, 600, "go", "vet", "./...", "github.com/gpushare/gpushare/provider/pulumi/sdk/go/gpushare/...");
        Path binary = work.resolve("gpushare-go-demo");
        SdkTools.ok(example, env, 600, "go", "build", "-o", binary.toString(), ".");
        assertThat(Files.isExecutable(binary)).isTrue();
    }
}
