package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Struct;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.pulumi.internal.Wire;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The issue's sequence and what each step must show; run in process and against the real plugin
 * process. Demo v1: pool l4 (g6.12xlarge = 4 L4), 4 MPS copies of the embedder, endpoint mig
 * (ml.p4d.24xlarge = 8 A100-40GB, layout 3g.20gb + 4g.20gb) and one gpt2 copy.
 */
final class LifecycleAssertions {
    private LifecycleAssertions() {}

    static void run(EngineDriver engine, String backendUrl) {
        // preview: nothing written; the placement is predicted (the service's with the pool and the
        // task definition the preview declared before it); the pool itself has no placement outputs
        Map<String, Struct> preview = engine.preview(Demo.v1());
        assertThat(json(preview.get("l4")).has("instances")).isFalse();
        assertThat(json(preview.get("mig")).get("instances")).hasSize(1);
        assertThat(json(preview.get("embedder")).get("copies")).hasSize(4);
        assertThat(json(preview.get("embedderTask")).get("revision").asString()).startsWith("embedder:");
        assertThat(declared(backendUrl)).isEmpty();

        // up: every resource created; 4 copies of 4096 MiB / 25 % fit on one g6.12xlarge
        engine.up(Demo.v1());
        assertThat(engine.steps).containsOnly(Map.entry("l4", "create"), Map.entry("embedderTask", "create"),
                Map.entry("embedder", "create"), Map.entry("mig", "create"), Map.entry("gpt2", "create"));
        assertThat(declared(backendUrl)).hasSize(5);
        Freshness.assertOutputsMatchTheBackend(engine, backendUrl);
        JsonNode svc = json(engine.state.get(Demo.service(4).urn()).outputs());
        assertThat(svc.get("copies")).hasSize(4);
        assertThat(svc.get("unplaced")).isEmpty();
        assertThat(svc.get("copies").get(0).get("containers").get(0).get("env").propertyNames())
                .anySatisfy(k -> assertThat(k).startsWith("CUDA_MPS"));
        JsonNode ic = json(engine.state.get(Demo.component("gpt2", "gpt2", "mig-4g.20gb", 1).urn()).outputs());
        assertThat(ic.get("copies").get(0).get("containers").get(0).get("partition").asString()).startsWith("4g.20gb@");

        // scale + add a model: preview says the capacity suffices; up updates in place and creates
        Map<String, Struct> preview2 = engine.preview(Demo.v2());
        assertThat(engine.steps).containsEntry("embedder", "update").containsEntry("llama", "create")
                .containsEntry("l4", "same").containsEntry("mig", "same");
        assertThat(json(preview2.get("embedder")).get("copies")).hasSize(8);
        assertThat(json(preview2.get("embedder")).get("unplaced")).isEmpty();
        engine.up(Demo.v2());
        assertThat(engine.steps).containsEntry("embedder", "update").containsEntry("llama", "create")
                .containsEntry("mig", "same").containsEntry("gpt2", "same");
        assertThat(copies(engine.state.get(Demo.service(8).urn()).outputs())).isEqualTo(8);
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.read(Demo.CLUSTER).state().summary().allocations()).isEqualTo(8 + 2);
        }
        Freshness.assertOutputsMatchTheBackend(engine, backendUrl);

        // layout reorder: a replacement (create the new, delete the old; the declared layout follows)
        engine.up(Demo.v3());
        // the instances are relaunched with the new layout (same ids; on an A100-40GB the 4g.20gb and
        // 3g.20gb instances start at 0 and 4 in either order), so the components' copies read the same
        assertThat(engine.steps).containsEntry("mig", "replace").containsEntry("embedder", "same");
        Freshness.assertOutputsMatchTheBackend(engine, backendUrl);
        assertThat(declared(backendUrl).get("endpoints/mig").get("partitionLayout").toString()).isEqualTo("[\"mig-4g.20gb\",\"mig-3g.20gb\"]");
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.read(Demo.CLUSTER).declaredLayouts()).containsValue(java.util.List.of("4g.20gb", "3g.20gb"));
        }

        // refresh: no drift
        assertThat(engine.refresh()).isEmpty();

        // an out-of-band change (an instance marked unhealthy) shows as drift; up repairs it
        String instance = json(engine.state.get(Demo.service(8).urn()).outputs()).get("copies").get(0).get("instanceId").asString();
        try (Backend b = Backends.open(backendUrl)) {
            b.markUnhealthy(Demo.CLUSTER, instance, "mps-daemon-unresponsive");
        }
        assertThat(engine.refresh()).anySatisfy(d -> assertThat(d).startsWith("embedder"));
        engine.up(Demo.v3());
        // the service whose copies the repair moves updates (which re-plans the whole cluster); the
        // pool has no placement outputs and stays the same
        assertThat(engine.steps).containsEntry("l4", "same").containsEntry("embedder", "update");
        Freshness.assertOutputsMatchTheBackend(engine, backendUrl);
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.read(Demo.CLUSTER).state().instances()).noneMatch(i -> i.id().toString().equals(instance));
        }
        assertThat(engine.refresh()).isEmpty();

        // an invalid program fails in preview, naming the property
        assertThatThrownBy(() -> engine.preview(Demo.invalid()))
                .isInstanceOfSatisfying(EngineDriver.CheckFailed.class, e -> assertThat(e.failures)
                        .anySatisfy(f -> assertThat(f.getProperty()).isEqualTo("desiredCount")));

        // destroy: the backend is empty
        engine.destroy();
        assertThat(engine.state).isEmpty();
        assertThat(declared(backendUrl)).isEmpty();
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.clusters()).doesNotContain(Demo.CLUSTER);
            assertThat(b.read(Demo.CLUSTER).state().instances()).isEmpty();
        }
    }

    static int copies(Struct outputs) {
        return json(outputs).get("copies").size();
    }

    static JsonNode json(Struct s) {
        return Wire.decode(s).values(); // integral numbers as integers, as the engine shows them
    }

    static Map<String, tools.jackson.databind.node.ObjectNode> declared(String backendUrl) {
        try (Backend b = Backends.open(backendUrl)) {
            return b.declaredResources().orElseThrow().declared(Demo.CLUSTER);
        }
    }
}
