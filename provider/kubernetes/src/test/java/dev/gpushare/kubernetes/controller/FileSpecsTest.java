package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.io.SpecWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --spec FILE: read as apply reads it, followed when it changes, its problems reported rather than applied. */
class FileSpecsTest {
    @Test
    void aChangedFileWakesItsClusterAndAnInvalidOneIsReported(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("spec.yaml");
        Files.writeString(f, SpecWriter.toYaml(ControllerTest.spec("fleet", 4)));
        LinkedBlockingQueue<String> woken = new LinkedBlockingQueue<>();
        try (FileSpecs specs = new FileSpecs(List.of(f))) {
            assertThat(specs.clusters()).containsExactly("fleet");
            assertThat(specs.of("fleet")).get().isInstanceOf(Desired.Valid.class);
            assertThat(specs.of("other")).isEmpty();
            specs.start(woken::add);
            Thread.sleep(1100); // a different modification time
            Files.writeString(f, SpecWriter.toYaml(ControllerTest.spec("fleet", 6)));
            assertThat(woken.poll(10, TimeUnit.SECONDS)).isEqualTo("fleet");
            assertThat(((Desired.Valid) specs.of("fleet").orElseThrow()).spec().spec().services().getFirst().desiredCount()).isEqualTo(6);
            Files.writeString(f, SpecWriter.toYaml(ControllerTest.spec("fleet", 6)).replace("desiredCount: 6", "desiredCount: -1"));
            assertThat(woken.poll(10, TimeUnit.SECONDS)).isEqualTo("fleet");
            Desired bad = specs.of("fleet").orElseThrow();
            assertThat(bad).isInstanceOf(Desired.Invalid.class);
            assertThat(((Desired.Invalid) bad).problems().getFirst().path()).isEqualTo("/services/0/desiredCount");
        }
    }
}
