package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.kubernetes.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden files of {@code gpushare render kubernetes} (examples module) apply to the real API
 * server as they are: every object is accepted (CEL selectors compiled, claims and pods valid), each
 * file in a namespace of its own, with server-side apply as the files' header says.
 */
class RenderedManifestsApplyTest {
    static final Path GOLDEN = Specs.ROOT.resolve("examples/src/test/resources/golden/render-kubernetes");

    static Stream<String> files() throws IOException {
        try (Stream<Path> s = Files.list(GOLDEN)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyRenderedObjectIsAccepted(String file) throws IOException {
        KubeCluster k = KubeCluster.shared();
        String ns = k.namespace("render-" + UUID.randomUUID().toString().substring(0, 8));
        List<HasMetadata> objects;
        try (InputStream in = Files.newInputStream(GOLDEN.resolve(file))) {
            objects = k.admin().load(in).items();
        }
        assertThat(objects).isNotEmpty();
        for (HasMetadata o : objects) {
            o.getMetadata().setNamespace(ns);
            HasMetadata applied = k.admin().resource(o).inNamespace(ns).fieldManager("gpushare").forceConflicts().serverSideApply();
            assertThat(applied.getMetadata().getUid()).isNotBlank();
        }
        k.admin().namespaces().withName(ns).delete();
    }
}
