package dev.gpushare.pulumi.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.plan.PlanJson;
import java.nio.file.Path;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A converge checks only the fragments that changed and their neighbours and splices them into
 * the cluster's last valid spec ({@link Splice}); the spec and the plan must be the ones checking
 * the whole document gives. Each step below is compared with the whole document's check and plan
 * from the same snapshot: creates in any order (a service before its task definition waits), a
 * task definition changed under two services, a pool changed, a service removed, a task definition
 * removed under its service (which then waits), and an invalid change, which reports the whole
 * document's problems.
 */
class ConvergenceSpliceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir Path dir;

    @Test
    void everySplicedSpecIsTheWholeDocumentsSpec() {
        String url = "file:" + dir.resolve("state");
        Clusters clusters = new Clusters(() -> Backends.open(url));
        Convergence convergence = clusters.convergence();

        declare(clusters, url, "capacityProviders/l4", pool("g6.12xlarge", 10));
        declare(clusters, url, "services/emb", service("emb", "emb", 4));           // waits: no task definition yet
        assertThat(convergence.lastPrepared().dangling()).containsKey("services/emb");
        declare(clusters, url, "taskDefinitions/emb", task("emb", 4096));
        assertThat(convergence.lastSpliced()).isTrue();
        assertThat(convergence.lastPrepared().dangling()).isEmpty();
        declare(clusters, url, "taskDefinitions/big", task("big", 10000));
        declare(clusters, url, "services/big", service("big", "big", 3));
        declare(clusters, url, "services/emb2", service("emb2", "emb", 2));
        assertThat(convergence.lastSpliced()).isTrue();
        declare(clusters, url, "taskDefinitions/emb", task("emb", 6144));          // under emb and emb2
        assertThat(convergence.lastSpliced()).isTrue();
        declare(clusters, url, "capacityProviders/l4", pool("g6.12xlarge", 6));
        undeclare(clusters, url, "services/big");
        assertThat(convergence.lastSpliced()).isTrue();
        undeclare(clusters, url, "taskDefinitions/emb");                            // emb and emb2 wait again
        assertThat(convergence.lastPrepared().dangling()).containsOnlyKeys("services/emb", "services/emb2");
        declare(clusters, url, "taskDefinitions/emb", task("emb", 4096));
        assertThat(convergence.lastSpliced()).isTrue();

        // an invalid change: not spliced, the whole document's problems
        declare(clusters, url, "services/emb", service("emb", "emb", -1));
        assertThat(convergence.lastSpliced()).isFalse();
        assertThat(convergence.lastPrepared().plan()).isNull();
        assertThat(convergence.lastPrepared().problems()).singleElement().asString().contains("services/emb", "desiredCount");
        declare(clusters, url, "services/emb", service("emb", "emb", 5));           // the whole document again, then spliced
        declare(clusters, url, "services/emb2", service("emb2", "emb", 1));
        assertThat(convergence.lastSpliced()).isTrue();
    }

    /** Declares and converges, then compares the converge's spec and plan with the whole document's. */
    private static void declare(Clusters clusters, String url, String key, ObjectNode fragment) {
        String before = planOfWholeDocument(url, key, fragment);
        clusters.with(s -> s.declareAndConverge("c", key, fragment));
        assertSame(clusters, before);
    }

    private static void undeclare(Clusters clusters, String url, String key) {
        String before = planOfWholeDocument(url, key, null);
        clusters.with(s -> s.undeclareAndConverge("c", key));
        assertSame(clusters, before);
    }

    private static void assertSame(Clusters clusters, String wholeDocumentPlan) {
        Convergence.Prepared p = clusters.convergence().lastPrepared();
        String mine = p.plan() == null ? "invalid " + p.spec() : PlanJson.toJson(p.plan());
        assertThat(mine).isEqualTo(wholeDocumentPlan);
    }

    /** The plan (as JSON) the whole document of the declared fragments with this change gives, from the current snapshot. */
    private static String planOfWholeDocument(String url, String key, ObjectNode fragment) {
        try (Backend b = Backends.open(url)) {
            SortedMap<String, ObjectNode> declared = b.declaredResources().orElseThrow().declared("c");
            if (fragment == null) declared.remove(key); else declared.put(key, fragment);
            ClusterDocument doc = ClusterDocument.of("c", declared);
            return switch (Pipeline.check("c", doc.tree())) {
                case Checked.Invalid i -> "invalid " + i.partial();
                case Checked.Valid v -> PlanJson.toJson(Pipeline.plan(v.spec(), b.read("c")));
            };
        }
    }

    private static ObjectNode pool(String type, int max) {
        return json("{\"name\": \"l4\", \"instanceType\": \"" + type + "\", \"maxInstances\": " + max + ", \"gpuSharing\": {\"strategy\": \"MPS\"}}");
    }

    private static ObjectNode task(String family, int memory) {
        return json("{\"family\": \"" + family + "\", \"containers\": [{\"name\": \"model\", \"image\": \"img\", \"gpu\": {\"nvidiaMps\": {\"memory\": "
                + memory + "}}}]}");
    }

    private static ObjectNode service(String name, String task, int count) {
        return json("{\"name\": \"" + name + "\", \"taskDefinition\": \"" + task + "\", \"capacityProvider\": \"l4\", \"desiredCount\": " + count + "}");
    }

    private static ObjectNode json(String text) {
        return (ObjectNode) JSON.readTree(text);
    }
}
