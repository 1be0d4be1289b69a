package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pulumirpc.ResourceProviderGrpc;

/** The issue's sequence through the engine's call order, in process (no plugin process). */
class ProviderLifecycleTest {
    @TempDir Path dir;
    private Server server;
    private ManagedChannel channel;
    private EngineDriver engine;
    private String backendUrl;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).directExecutor().addService(new GpushareProvider(dir.toString())).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        engine = new EngineDriver(ResourceProviderGrpc.newBlockingStub(channel));
        backendUrl = "file:" + dir.resolve("state.db");
        engine.start("{\"backend\":\"" + backendUrl + "\"}", dir.toString());
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    @Test
    void issueSequence() {
        LifecycleAssertions.run(engine, backendUrl);
    }

    @Test
    void serviceBeforeItsPoolWaitsAndCompletesOnTheNextUp() {
        // no dependency in the program: the engine may create the service first
        var program = java.util.List.of(Demo.taskDefinition(), Demo.service(2), Demo.capacityProvider());
        engine.up(program);
        assertThat(engine.steps).containsEntry("embedder", "init-failed");
        assertThat(engine.state.get(Demo.service(2).urn()).initErrors()).singleElement().asString()
                .contains("capacityProvider l4 is not declared");
        engine.up(program); // init errors: the engine calls Update although Diff says nothing changed
        assertThat(engine.steps).containsEntry("embedder", "update");
        assertThat(LifecycleAssertions.copies(engine.state.get(Demo.service(2).urn()).outputs())).isEqualTo(2);
    }

    @Test
    void invalidProgramFailsOnTheProperty() {
        engine.up(Demo.v1());
        assertThatThrownBy(() -> engine.preview(Demo.invalid()))
                .isInstanceOfSatisfying(EngineDriver.CheckFailed.class, e -> assertThat(e.failures)
                        .anySatisfy(f -> assertThat(f.getProperty()).isEqualTo("desiredCount")));
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.declaredResources().orElseThrow().declared(Demo.CLUSTER)).hasSize(5);
        }
        Map<String, String> unused = engine.steps;
        assertThat(unused).containsEntry("embedder", "failed");
    }
}
