package dev.gpushare.pulumi.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.StateFold;
import java.nio.file.Path;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The provider keeps each cluster's baseline between resource calls: once a converge applied in
 * full, the next one plans from the change, and the state it leaves is the one the full path's
 * plan leads to.
 */
class ConvergenceBaselineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir Path dir;

    @Test
    void theNextConvergeFollowsTheChange() {
        String url = "file:" + dir.resolve("state");
        Clusters clusters = new Clusters(() -> Backends.open(url));
        clusters.with(s -> s.declareAndConverge("c", "capacityProviders/l4", json("""
                {"name": "l4", "instanceType": "g6.12xlarge", "maxInstances": 10, "gpuSharing": {"strategy": "MPS"}}""")));
        clusters.with(s -> s.declareAndConverge("c", "taskDefinitions/emb", json("""
                {"family": "emb", "containers": [{"name": "model", "image": "img", "gpu": {"nvidiaMps": {"memory": 4096}}}]}""")));
        clusters.with(s -> s.declareAndConverge("c", "taskDefinitions/big", json("""
                {"family": "big", "containers": [{"name": "model", "image": "img", "gpu": {"nvidiaMps": {"memory": 10000}}}]}""")));
        clusters.with(s -> s.declareAndConverge("c", "services/big", json("""
                {"name": "big", "taskDefinition": "big", "capacityProvider": "l4", "desiredCount": 3}""")));
        clusters.with(s -> s.declareAndConverge("c", "services/emb", service(4)));
        Convergence convergence = clusters.convergence();
        assertThat(convergence.hasBaseline("c")).isTrue();

        // what the full path plans for the next change, from the same snapshot
        ObjectNode six = service(6);
        Plan full;
        Snapshot before;
        try (Backend b = Backends.open(url)) {
            before = b.read("c");
            SortedMap<String, ObjectNode> declared = b.declaredResources().orElseThrow().declared("c");
            declared.put("services/emb", six);
            full = Pipeline.plan(Pipeline.check("c", ClusterDocument.of("c", declared).tree()).orThrow(), before);
        }
        clusters.with(s -> s.declareAndConverge("c", "services/emb", six));
        assertThat(convergence.lastFollowedChange()).isTrue();
        try (Backend b = Backends.open(url)) {
            Snapshot after = b.read("c");
            assertThat(after.revision()).isGreaterThan(before.revision());
            assertThat(after.state().instances()).isEqualTo(StateFold.normalize(full.desired()).instances());
        }
        assertThat(convergence.hasBaseline("c")).isTrue();
    }

    private static ObjectNode service(int count) {
        return json("{\"name\": \"emb\", \"taskDefinition\": \"emb\", \"capacityProvider\": \"l4\", \"desiredCount\": " + count + "}");
    }

    private static ObjectNode json(String text) {
        return (ObjectNode) JSON.readTree(text);
    }
}
