package dev.gpushare.kubernetes;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendContract;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Backend contract on the real API server. The contract hands over bare batches; pods need
 * the spec's images, so each cluster is first given the contract's own spec (one service {@code
 * embedder}, container {@code model}), as the Reconciler does before a plan's first batch.
 */
class KubernetesBackendContractTest extends BackendContract {
    static KubeCluster k;
    static String ns;
    static Fleet fleet;
    /** The spec a Reconciler declared for a cluster (the rollout test's); bare batches get the contract's own. */
    static final Map<String, Spec> DECLARED = new ConcurrentHashMap<>();

    @BeforeAll
    static void start() {
        k = KubeCluster.shared();
        ns = k.namespace("contract-" + UUID.randomUUID().toString().substring(0, 8));
        fleet = new Fleet(k);
        fleet.add(ns, "g6.12xlarge", 30); // every test's clusters launch a few instances and keep them
        fleet.add(ns + "-p4d", "ml.p4d.24xlarge", 2); // the transition check's MIG endpoint
    }

    @AfterAll
    static void stop() {
        if (fleet != null) fleet.close();
    }

    @Override
    protected void freshStore() {
        // one API server: every test works on clusters of its own
    }

    @Override
    protected Backend open() {
        KubernetesBackend b = KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                KubernetesUrl.DEFAULT_COMPONENT_IMAGE));
        return new Backend() {
            @Override public Snapshot read(String cluster) { return b.read(cluster); }
            @Override public void declareSpec(String cluster, Spec spec) {
                DECLARED.put(cluster, spec); // a plan applied by the Reconciler brings its spec
            }
            @Override public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
                b.declareSpec(cluster, DECLARED.getOrDefault(cluster, cluster.endsWith("-fold") ? transitionSpec(cluster) : spec(cluster, 1, 4096)));
                return b.apply(cluster, expectedRevision, batch);
            }
            @Override public long markUnhealthy(String cluster, String instanceId, String reason) {
                return b.markUnhealthy(cluster, instanceId, reason);
            }
            @Override public List<String> clusters() { return b.clusters(); }
            @Override public boolean destroy(String cluster) { return b.destroy(cluster); }
            @Override public String describe() { return b.describe(); }
            @Override public void close() { b.close(); }
        };
    }

    /**
     * The transition check's batches also run an inference component {@code ic} on a MIG endpoint
     * {@code ep} (ml.p4d.24xlarge): its pods need the spec's model too.
     */
    static Spec transitionSpec(String c) {
        return dev.gpushare.engine.plan.Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: %s
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 4}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - {name: model, image: ghcr.io/acme/embedder:1, gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}}
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 1}
                endpoints:
                  - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1, partitionLayout: ["mig-3g.20gb", "mig-3g.20gb"]}
                inferenceComponents:
                  - {name: ic, endpoint: ep, model: e5-large-v2, partitionType: mig-3g.20gb, copyCount: 1, hostMemoryMiB: 4096}
                """.formatted(c));
    }
}
