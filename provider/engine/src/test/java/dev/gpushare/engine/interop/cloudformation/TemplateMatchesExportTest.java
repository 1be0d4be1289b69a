package dev.gpushare.engine.interop.cloudformation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ecs.EcsExporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The template and the export files describe the same objects, for every example and the spec with
 * every sharing form: each {@code AWS::ECS::TaskDefinition} is {@code export ecs}'s
 * {@code RegisterTaskDefinition} in CloudFormation's spelling (capital first letters) plus the
 * template's own execution role and registry credentials; each service's capacity provider weight,
 * placement strategy and deployment configuration are its {@code CreateService}'s; each
 * {@code AWS::SageMaker::InferenceComponent} is {@code export sagemaker}'s
 * {@code CreateInferenceComponent} plus the {@code DeploymentConfig} of its
 * {@code UpdateInferenceComponent}.
 */
class TemplateMatchesExportTest {

    @Test
    void theTemplateDescribesWhatTheExportFilesDo() {
        int compared = 0;
        for (Path file : Templates.specs()) {
            Templates.Exported exported = Templates.export(file, EcsCapacity.EC2);
            Spec spec = exported.spec().spec();
            JsonNode resources = TemplateWriter.tree(exported.export().template()).path("Resources");
            for (ExportedDocument d : EcsExporter.export(spec).documents()) {
                if (d.kind().equals("RegisterTaskDefinition")) {
                    JsonNode p = properties(resources, "AWS::ECS::TaskDefinition", "Family", d.body().path("family").asString());
                    if (p == null) continue;
                    ObjectNode t = (ObjectNode) p.deepCopy();
                    assertThat(t.remove("ExecutionRoleArn")).as(file + " " + d.fileName()).isNotNull();
                    for (JsonNode c : t.path("ContainerDefinitions")) ((ObjectNode) c).remove("RepositoryCredentials");
                    assertThat(apiSpelling(t)).as(file + " " + d.fileName()).isEqualTo(d.body());
                    compared++;
                } else if (d.kind().equals("CreateService")) {
                    JsonNode p = properties(resources, "AWS::ECS::Service", "ServiceName", d.body().path("serviceName").asString());
                    if (p == null) continue;
                    assertThat(apiSpelling(p.path("PlacementStrategies"))).as(file + " " + d.fileName())
                            .isEqualTo(d.body().path("placementStrategy"));
                    assertThat(apiSpelling(p.path("DeploymentConfiguration"))).isEqualTo(d.body().path("deploymentConfiguration"));
                    assertThat(p.at("/CapacityProviderStrategy/0/Weight")).isEqualTo(d.body().at("/capacityProviderStrategy/0/weight"));
                    compared++;
                }
            }
            List<ExportedDocument> sageMaker = SageMakerExporter.export(spec).documents();
            for (ExportedDocument d : sageMaker) {
                if (!d.kind().equals("CreateInferenceComponent")) continue;
                String name = d.body().path("InferenceComponentName").asString();
                JsonNode p = properties(resources, "AWS::SageMaker::InferenceComponent", "InferenceComponentName", name);
                if (p == null) continue;
                ObjectNode t = (ObjectNode) p.deepCopy();
                JsonNode deployment = t.remove("DeploymentConfig");
                assertThat(t).as(file + " " + d.fileName()).isEqualTo(d.body());
                JsonNode update = sageMaker.stream().filter(u -> u.kind().equals("UpdateInferenceComponent")
                        && u.body().path("InferenceComponentName").asString().equals(name)).map(ExportedDocument::body).findFirst().orElse(null);
                assertThat(deployment).as(file + " " + d.fileName()).isEqualTo(update == null ? null : update.get("DeploymentConfig"));
                compared++;
            }
        }
        // 37 today: the examples' task definitions, services and components on whole-GPU endpoints
        assertThat(compared).isGreaterThan(30);
    }

    /** The properties of the resource of {@code type} whose {@code key} is {@code name}, or null. */
    private static JsonNode properties(JsonNode resources, String type, String key, String name) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode r : resources) {
            if (r.path("Type").asString().equals(type) && r.path("Properties").path(key).asString().equals(name)) found.add(r.path("Properties"));
        }
        assertThat(found).hasSizeLessThanOrEqualTo(1);
        return found.isEmpty() ? null : found.getFirst();
    }

    /** {@code node} with every object key's first letter in lower case: the ECS API's spelling. */
    private static JsonNode apiSpelling(JsonNode node) {
        if (node.isArray()) {
            var a = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> a.add(apiSpelling(n)));
            return a;
        }
        if (!node.isObject()) return node;
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (var e : node.properties()) {
            o.set(Character.toLowerCase(e.getKey().charAt(0)) + e.getKey().substring(1), apiSpelling(e.getValue()));
        }
        return o;
    }
}
