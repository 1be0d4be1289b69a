package dev.gpushare.pulumi.daemon.internal;

import dev.gpushare.pulumi.GpushareProvider;
import dev.gpushare.pulumi.ProviderMain;
import dev.gpushare.pulumi.internal.Training;
import io.grpc.Server;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

/**
 * One warm-up of the daemon: the build's training run ({@link Training}: a first up, then a preview
 * with nothing changed) on a provider and gRPC server of its own, in a directory of its own (its state
 * file), all closed and removed after, as a session's would be.
 */
final class Warmup {
    private Warmup() {}

    static void once() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("gpushare-daemon-warmup");
        GpushareProvider provider = new GpushareProvider(dir.toString());
        Server server = ProviderMain.start(provider);
        try {
            Training.run(server);
        } finally {
            server.shutdownNow();
            server.awaitTermination(2, TimeUnit.SECONDS);
            provider.close();
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
