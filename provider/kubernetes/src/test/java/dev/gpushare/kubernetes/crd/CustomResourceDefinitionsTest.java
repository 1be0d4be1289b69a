package dev.gpushare.kubernetes.crd;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CRDs' schemas are structural and say what gpushare.schema.json says; the subresources are where the issue wants them. */
class CustomResourceDefinitionsTest {
    private final List<CustomResourceDefinition> crds = CustomResourceDefinitions.all();

    private CustomResourceDefinition crd(String kind) {
        return crds.stream().filter(c -> c.getSpec().getNames().getKind().equals(kind)).findFirst().orElseThrow();
    }

    private static JSONSchemaProps spec(CustomResourceDefinition c) {
        return c.getSpec().getVersions().getFirst().getSchema().getOpenAPIV3Schema().getProperties().get("spec");
    }

    @Test
    void fiveKindsNoneNamedLikeACoreKind() {
        assertThat(crds).extracting(c -> c.getSpec().getNames().getKind())
                .containsExactly("GpuCapacityProvider", "GpuTaskDefinition", "GpuService", "GpuEndpoint", "GpuInferenceComponent");
        assertThat(crds).extracting(c -> c.getSpec().getNames().getShortNames().getFirst())
                .containsExactly("gpucp", "gputd", "gpusvc", "gpuep", "gpuic");
    }

    @Test
    void everySchemaNodeIsStructural() {
        for (CustomResourceDefinition c : crds) {
            List<String> bad = new ArrayList<>();
            walk("", c.getSpec().getVersions().getFirst().getSchema().getOpenAPIV3Schema(), bad);
            assertThat(bad).as(c.getMetadata().getName()).isEmpty();
        }
    }

    private static void walk(String path, JSONSchemaProps s, List<String> bad) {
        boolean open = Boolean.TRUE.equals(s.getXKubernetesPreserveUnknownFields()) || Boolean.TRUE.equals(s.getXKubernetesIntOrString());
        if (s.getType() == null && !open) bad.add(path + ": no type");
        if (s.getOneOf() != null && !s.getOneOf().isEmpty()) bad.add(path + ": oneOf");
        if (s.get$ref() != null) bad.add(path + ": $ref");
        if (s.getProperties() != null) for (Map.Entry<String, JSONSchemaProps> e : s.getProperties().entrySet()) walk(path + "/" + e.getKey(), e.getValue(), bad);
        if (s.getItems() != null && s.getItems().getSchema() != null) walk(path + "[]", s.getItems().getSchema(), bad);
    }

    @Test
    void theSchemaSaysWhatGpushareSchemaJsonSays() {
        JSONSchemaProps cp = spec(crd("GpuCapacityProvider"));
        // name is optional (metadata.name stands for it); instanceType stays required
        assertThat(cp.getRequired()).containsExactly("instanceType");
        // the oneOf of sharing strategies becomes one object with the union of fields
        JSONSchemaProps sharing = cp.getProperties().get("gpuSharing");
        assertThat(sharing.getType()).isEqualTo("object");
        assertThat(sharing.getProperties().get("strategy").getEnum()).extracting(Object::toString)
                .containsExactlyInAnyOrder("\"MPS\"", "\"EXCLUSIVE\"", "\"MIG\"", "\"TIME_SLICING\"");
        assertThat(sharing.getProperties()).containsKeys("maxClientsPerGpu", "partitionLayout");
        assertThat(sharing.getRequired()).containsExactly("strategy");
        // a container's gpu is an integer, "ALL", a fraction or an object: any value, checked by the webhook
        JSONSchemaProps container = spec(crd("GpuTaskDefinition")).getProperties().get("containers").getItems().getSchema();
        assertThat(container.getProperties().get("gpu").getXKubernetesPreserveUnknownFields()).isTrue();
        JSONSchemaProps svc = spec(crd("GpuService"));
        assertThat(svc.getProperties().get("desiredCount").getType()).isEqualTo("integer");
        assertThat(svc.getProperties().get("desiredCount").getMinimum()).isEqualTo(0.0);
        assertThat(svc.getProperties().get("placementStrategy").getEnum()).hasSize(2);
        assertThat(svc.getRequired()).containsExactly("taskDefinition", "capacityProvider", "desiredCount");
        assertThat(spec(crd("GpuEndpoint")).getProperties().get("partitionLayout").getMaxItems()).isEqualTo(7L);
    }

    @Test
    void scaleOnServicesAndInferenceComponentsStatusOnAll() {
        for (CustomResourceDefinition c : crds) {
            var sub = c.getSpec().getVersions().getFirst().getSubresources();
            assertThat(sub.getStatus()).as(c.getMetadata().getName()).isNotNull();
            String kind = c.getSpec().getNames().getKind();
            if (kind.equals("GpuService")) assertThat(sub.getScale().getSpecReplicasPath()).isEqualTo(".spec.desiredCount");
            else if (kind.equals("GpuInferenceComponent")) assertThat(sub.getScale().getSpecReplicasPath()).isEqualTo(".spec.copyCount");
            else assertThat(sub.getScale()).as(kind).isNull();
            if (sub.getScale() != null) {
                assertThat(sub.getScale().getStatusReplicasPath()).isEqualTo(".status.replicas");
                assertThat(sub.getScale().getLabelSelectorPath()).isEqualTo(".status.selector");
            }
        }
    }
}
