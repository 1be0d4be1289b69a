package dev.gpushare.engine.interop.cloudformation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * AWS's own linter, cfn-lint (pinned by scripts/install-cfn-lint; its bundled resource schemas are
 * CloudFormation's), finds nothing in the template of every example and of the spec with every
 * sharing form — YAML (and JSON), EC2 and Managed Instances capacity — and does find a mistyped
 * property and a wrong value, so that the check can fail.
 */
class TemplatesPassCfnLintTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    @Test
    void everyTemplateLintsClean() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path spec : Templates.specs()) {
            for (EcsCapacity capacity : EcsCapacity.values()) {
                Template t = Templates.export(spec, capacity).export().template();
                String base = Templates.name(spec) + "-" + capacity.option();
                files.add(Files.writeString(dir.resolve(base + ".yaml"), TemplateWriter.yaml(t)));
                // JSON is the same tree without YAML's quoting questions: once, for the spec with every form
                if (spec.equals(Templates.EVERY_FORM)) files.add(Files.writeString(dir.resolve(base + ".json"), TemplateWriter.json(t)));
            }
        }
        // 7 examples and the every-form spec, two capacities, YAML (+ JSON for every form)
        assertThat(files).hasSizeGreaterThanOrEqualTo(18);
        assertThat(CfnLint.run(files)).isEmpty();
    }

    @Test
    void aMistypedPropertyAndAWrongValueAreCaught() throws IOException {
        ObjectNode tree = TemplateWriter.tree(Templates.export(Templates.EVERY_FORM, EcsCapacity.EC2).export().template());
        ObjectNode mps = (ObjectNode) tree.at("/Resources/EmbedderTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0"
                + "/SharingStrategy/NvidiaMps");
        assertThat(mps.path("MaxComputePercent").asInt()).isEqualTo(25);
        mps.set("MaxComputePercnt", mps.remove("MaxComputePercent"));
        ((ObjectNode) tree.at("/Resources/L4MpsCapacityProvider/Properties/AutoScalingGroupProvider/ManagedScaling")).put("Status", "ON");
        Path file = Files.writeString(dir.resolve("broken.json"), JSON.writeValueAsString(tree));
        List<CfnLint.Finding> findings = CfnLint.run(List.of(file));
        assertThat(findings).extracting(CfnLint.Finding::level).containsOnly("Error");
        assertThat(findings).extracting(f -> f.rule() + " " + f.path()).containsExactlyInAnyOrder(
                "E3002 /Resources/EmbedderTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/SharingStrategy/NvidiaMps/MaxComputePercnt",
                "E3030 /Resources/L4MpsCapacityProvider/Properties/AutoScalingGroupProvider/ManagedScaling/Status");
    }

    /**
     * The notes for MIG endpoints hold because CloudFormation's schemas lack the partition fields.
     * When a newer cfn-lint carries them, this fails on purpose: write them in EndpointKind and
     * InferenceComponentKind instead of the notes.
     */
    @Test
    void cloudFormationStillLacksThePartitionFields() throws IOException {
        Path schemas = CfnLint.schemas();
        JsonNode providers = JSON.readTree(schemas.resolve("providers/us-east-1.json").toFile());
        JsonNode config = JSON.readTree(schemas.resolve("resources/" + providers.path("AWS::SageMaker::EndpointConfig").asString() + ".json").toFile());
        JsonNode component = JSON.readTree(schemas.resolve("resources/" + providers.path("AWS::SageMaker::InferenceComponent").asString() + ".json").toFile());
        assertThat(config.at("/definitions/ProductionVariant/properties").propertyNames())
                .as("AWS::SageMaker::EndpointConfig has AcceleratorPartitionLayouts now: write the layout in EndpointKind")
                .contains("InstanceType").doesNotContain("AcceleratorPartitionLayouts");
        assertThat(component.at("/definitions/InferenceComponentComputeResourceRequirements/properties").propertyNames())
                .as("AWS::SageMaker::InferenceComponent has AcceleratorPartitionType now: write it in InferenceComponentKind")
                .contains("MinMemoryRequiredInMb").doesNotContain("AcceleratorPartitionType");
        // and the ECS fields the template writes are there
        JsonNode task = JSON.readTree(schemas.resolve("resources/" + providers.path("AWS::ECS::TaskDefinition").asString() + ".json").toFile());
        assertThat(task.at("/definitions/NvidiaMpsAllocation/properties").propertyNames()).contains("Memory", "MaxComputePercent");
    }
}
