package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.Empty;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pulumirpc.Provider;
import pulumirpc.ResourceProviderGrpc;

/**
 * The real launcher process, driven over TCP in the engine's order for the issue's sequence (the
 * fallback when the Pulumi CLI is absent). Runs in the integration-test phase, after target/plugin exists.
 */
class PluginHarnessProcessTest {
    @TempDir Path dir;

    @Test
    void issueSequenceAgainstThePluginProcess() throws Exception {
        assumeTrue(PluginProcess.built(), "target/plugin not built (run mvn package)");
        // the engine's arguments: flags it flows to plugins, then its own address
        try (PluginProcess plugin = PluginProcess.start(dir, List.of("--logtostderr", "-v=9", "127.0.0.1:1"))) {
            assertThat(plugin.firstLine).matches("[0-9]{1,5}");
            var stub = ResourceProviderGrpc.newBlockingStub(plugin.channel).withWaitForReady()
                    .withDeadlineAfter(120, TimeUnit.SECONDS);
            EngineDriver engine = new EngineDriver(stub);
            // default backend: file:.gpushare/state relative to the program directory (the cwd)
            engine.start("{}", null);
            LifecycleAssertions.run(engine, "file:" + dir.resolve(".gpushare/state"));
            assertThat(Files.exists(dir.resolve(".gpushare/state"))).isTrue();
            stub.cancel(Empty.getDefaultInstance());
            assertThat(plugin.restOfStdout()).isEmpty();
        }
    }

    @Test
    void startsAndAnswersHandshakeQuickly() throws Exception {
        assumeTrue(PluginProcess.built(), "target/plugin not built (run mvn package)");
        long t0 = System.nanoTime();
        try (PluginProcess plugin = PluginProcess.start(dir, List.of())) {
            var stub = ResourceProviderGrpc.newBlockingStub(plugin.channel).withWaitForReady()
                    .withDeadlineAfter(10, TimeUnit.SECONDS); // the engine's own limit
            stub.handshake(Provider.ProviderHandshakeRequest.newBuilder().setEngineAddress("127.0.0.1:1").build());
            long firstResponse = (System.nanoTime() - t0) / 1_000_000;
            System.err.println("plugin start-up: port after " + plugin.portMillis + " ms, Handshake answered after "
                    + firstResponse + " ms");
            // the target is 1.5 s (docs/benchmarks.md, measured on an idle machine); a shared CI
            // machine gets slack, the engine's hard limit is 10 s
            assertThat(firstResponse).isLessThan(5_000);
        }
    }

    /**
     * The launcher never fails because of its archive: a copy of the plugin directory whose AOT cache was
     * recorded for another JVM (the {@code release} file beside it differs: the launcher does not pass it),
     * and one whose cache this JVM cannot read (its header overwritten: the JVM reports it on stderr and
     * goes on without it), both start, print only the port on stdout and answer.
     */
    @Test
    void startsWhenTheArchiveDoesNotMatch() throws Exception {
        Path built = PluginProcess.LAUNCHER.getParent();
        assumeTrue(Files.exists(built.resolve("gpushare-pulumi-provider.aot")), "no AOT cache (built on a JDK before 25)");
        for (String mismatch : List.of("other JVM", "damaged cache")) {
            Path copy = Files.createDirectories(dir.resolve(mismatch.replace(' ', '-')));
            try (var files = Files.list(built)) {
                for (Path f : files.toList()) Files.copy(f, copy.resolve(f.getFileName()), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
            }
            if (mismatch.equals("other JVM")) {
                Files.writeString(copy.resolve("gpushare-pulumi-provider.aot.jvm"), "JAVA_RUNTIME_VERSION=\"25.0.0+1\"\n");
            } else {
                try (var aot = java.nio.channels.FileChannel.open(copy.resolve("gpushare-pulumi-provider.aot"),
                        java.nio.file.StandardOpenOption.WRITE)) {
                    aot.write(java.nio.ByteBuffer.wrap("garbage!".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), 0);
                }
            }
            Path cwd = Files.createDirectories(copy.resolve("cwd"));
            try (PluginProcess plugin = PluginProcess.start(copy.resolve("pulumi-resource-gpushare"), cwd, List.of())) {
                assertThat(plugin.firstLine).as(mismatch).matches("[0-9]{1,5}");
                var stub = ResourceProviderGrpc.newBlockingStub(plugin.channel).withWaitForReady()
                        .withDeadlineAfter(20, TimeUnit.SECONDS);
                assertThat(stub.getPluginInfo(Empty.getDefaultInstance()).getVersion()).as(mismatch).isNotEmpty();
                assertThat(plugin.restOfStdout()).as(mismatch).isEmpty();
            }
        }
    }
}
