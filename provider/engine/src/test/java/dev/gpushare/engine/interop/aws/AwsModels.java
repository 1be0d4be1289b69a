package dev.gpushare.engine.interop.aws;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Where botocore's models are: {@code $GPUSHARE_AWS_MODELS} (set by .ci/run from
 * scripts/fetch-aws-models), else the newest {@code botocore-*} folder of that script's cache
 * ({@code ${GPUSHARE_CACHE:-~/.cache/gpushare}/aws-models}). When neither exists a test is skipped
 * with the reason — except under {@code CI=true}, where CI provides them, and the test fails.
 */
public final class AwsModels {
    private AwsModels() {}

    public static Path directory() {
        String explicit = System.getenv("GPUSHARE_AWS_MODELS");
        if (explicit != null && !explicit.isBlank()) {
            Path dir = Path.of(explicit);
            if (Files.isRegularFile(dir.resolve("ecs/service-2.json"))) return dir;
            return missing("GPUSHARE_AWS_MODELS=" + explicit + " has no ecs/service-2.json");
        }
        String cache = System.getenv("GPUSHARE_CACHE");
        Path base = (cache == null || cache.isBlank()
                ? Path.of(System.getProperty("user.home"), ".cache", "gpushare") : Path.of(cache)).resolve("aws-models");
        if (Files.isDirectory(base)) {
            try (Stream<Path> dirs = Files.list(base)) {
                Path newest = dirs.filter(d -> d.getFileName().toString().startsWith("botocore-"))
                        .filter(d -> Files.isRegularFile(d.resolve("ecs/service-2.json")))
                        .max(Comparator.comparing(d -> d.getFileName().toString())).orElse(null);
                if (newest != null) return newest;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return missing("no botocore models in " + base);
    }

    private static Path missing(String why) {
        String message = "AWS API models not found (" + why + "): run scripts/fetch-aws-models and set GPUSHARE_AWS_MODELS to the folder it prints";
        if ("true".equals(System.getenv("CI"))) throw new AssertionError(message);
        Assumptions.abort(message);
        return null;
    }
}
