package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The webhook's decision, without a cluster: the same codes as gpushare validate, on the admitted resource only. */
class AdmissionTest {
    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: vision
            capacityProviders:
              - name: a100-mig
                instanceType: p4d.24xlarge
                gpuSharing: {strategy: MIG, partitionLayout: ["4g.20gb", "3g.20gb"]}
            taskDefinitions:
              - family: detector
                containers: [{name: detector, image: ghcr.io/acme/detector:2, gpu: {partition: "3g.20gb"}}]
            services:
              - {name: detector, taskDefinition: detector, capacityProvider: a100-mig, desiredCount: 2}
            """;

    private static List<GenericKubernetesResource> resources() {
        Spec spec = SpecReader.bind(List.of(SpecReader.parse("spec.yaml", SPEC))).spec();
        return SpecResources.of(spec, "team-a");
    }

    private static GenericKubernetesResource find(List<GenericKubernetesResource> all, String kind) {
        return all.stream().filter(r -> r.getKind().equals(kind)).findFirst().orElseThrow();
    }

    @Test
    void aValidResourceIsAllowed() {
        List<GenericKubernetesResource> all = resources();
        assertThat(Admission.problems(find(all, "GpuService"), all)).isEmpty();
    }

    @SuppressWarnings("unchecked")
    @Test
    void aMigLayoutThatDoesNotFitIsRefusedWithItsCode() {
        List<GenericKubernetesResource> all = resources();
        GenericKubernetesResource cp = find(all, "GpuCapacityProvider");
        // 4g + 4g need 8 of an A100's 7 compute slices
        Map<String, Object> sharing = (Map<String, Object>) ((Map<String, Object>) cp.getAdditionalProperties().get("spec")).get("gpuSharing");
        sharing.put("partitionLayout", List.of("4g.20gb", "4g.20gb"));
        List<String> problems = Admission.problems(cp, all);
        assertThat(problems).isNotEmpty();
        assertThat(String.join("\n", problems)).contains("MIG_").contains("/spec/gpuSharing/partitionLayout");
    }

    @Test
    void aReferenceToAResourceNotYetCreatedIsLetThrough() {
        List<GenericKubernetesResource> all = resources();
        GenericKubernetesResource svc = find(all, "GpuService");
        // the service alone: its task definition and capacity provider come later in the same kubectl apply
        assertThat(Admission.problems(svc, List.of())).isEmpty();
    }

    @Test
    void aMistypedGpuIsRefused() {
        List<GenericKubernetesResource> all = resources();
        GenericKubernetesResource td = find(all, "GpuTaskDefinition");
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) td.getAdditionalProperties().get("spec");
        spec.put("containers", List.of(Map.of("name", "detector", "image", "x", "gpu", "lots")));
        assertThat(Admission.problems(td, all)).isNotEmpty().allMatch(p -> p.contains("/spec/containers/0/gpu"));
    }

    @Test
    void theReviewAnswersWithTheUidAndTheMessage() {
        String request = """
                {"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u-1","namespace":"team-a",
                 "object":{"apiVersion":"gpushare.dev/v1","kind":"GpuService","metadata":{"name":"detector","namespace":"team-a",
                   "labels":{"gpushare.dev/cluster":"vision"}},
                   "spec":{"taskDefinition":"detector","capacityProvider":"a100-mig","desiredCount":-1}}}}
                """;
        String answer = Admission.review(request, AdmissionTest::resources);
        assertThat(answer).contains("\"uid\":\"u-1\"").contains("\"allowed\":false").contains("/spec/desiredCount");
    }
}
