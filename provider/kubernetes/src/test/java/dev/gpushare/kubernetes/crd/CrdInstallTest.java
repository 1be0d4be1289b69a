package dev.gpushare.kubernetes.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.kubernetes.controller.ResourceSpecs;
import dev.gpushare.kubernetes.testing.Crds;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.Kubectl;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CRDs on the real API server: they install, refuse unknown and mistyped fields, and carry a spec there and back. */
class CrdInstallTest {
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("crd-" + UUID.randomUUID().toString().substring(0, 8));

    CrdInstallTest() {
        Crds.install(k.admin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"examples/mps-sharing/spec.yaml", "examples/ecs-gpu-tasks/spec.yaml", "examples/sagemaker-mig/spec.yaml",
            "examples/kubernetes/time-slicing.yaml", "examples/kubernetes/mig-provider.yaml"})
    void renderedResourcesApplyAndReadBackAsTheSameSpec(String file) {
        Spec spec = SpecResourcesTest.read(file);
        String yaml = SpecResources.yaml(SpecResources.of(spec, ns));
        Kubectl.run(k, yaml, "apply", "-f", "-").ok();
        List<GenericKubernetesResource> back = new ArrayList<>();
        for (CrdKind kind : CrdKind.ALL) {
            back.addAll(k.admin().genericKubernetesResources(ResourceSpecs.context(kind)).inNamespace(ns).list().getItems());
        }
        Spec read = Pipeline.check("resources", SpecResources.document(spec.cluster(), back).tree()).orThrow().spec();
        assertThat(read).isEqualTo(SpecResourcesTest.sortedByName(SpecResourcesTest.withoutSpecLevel(spec)));
        // kubectl get shows the printer columns (sagemaker-mig has endpoints, no capacity provider)
        if (spec.capacityProviders().isEmpty()) {
            assertThat(Kubectl.run(k, null, "get", "gpuep", "-n", ns).ok().out()).contains("INSTANCE-TYPE").contains("INSTANCES");
        } else {
            assertThat(Kubectl.run(k, null, "get", "gpucp", "-n", ns).ok().out()).contains("INSTANCE-TYPE").contains("SHARING");
        }
    }

    @Test
    void anUnknownFieldIsRefusedByTheApiServer() {
        String yaml = """
                apiVersion: gpushare.dev/v1
                kind: GpuService
                metadata: {name: embedder, namespace: %s}
                spec: {taskDefinition: embedder, capacityProvider: l4-mps, desiredCount: 2, replicas: 3}
                """.formatted(ns);
        Kubectl.Result r = Kubectl.run(k, yaml, "apply", "-f", "-");
        assertThat(r.exit()).as(r.out()).isNotZero();
        assertThat(r.out()).contains("unknown field").contains("spec.replicas");
    }

    @Test
    void aMistypedOrOutOfRangeFieldIsRefusedByTheApiServer() {
        String yaml = """
                apiVersion: gpushare.dev/v1
                kind: GpuCapacityProvider
                metadata: {name: pool, namespace: %s}
                spec: {instanceType: g6.12xlarge, minInstances: two, gpuSharing: {strategy: SHARED}}
                """.formatted(ns);
        Kubectl.Result r = Kubectl.run(k, yaml, "apply", "-f", "-");
        assertThat(r.exit()).as(r.out()).isNotZero();
        assertThat(r.out()).contains("spec.minInstances").contains("spec.gpuSharing.strategy").contains("Unsupported value");
    }
}
