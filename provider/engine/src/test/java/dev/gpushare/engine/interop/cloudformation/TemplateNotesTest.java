package dev.gpushare.engine.interop.cloudformation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What CloudFormation cannot express is a note that names the resource and the field and says what
 * to do instead, with its path into the spec; the template's Metadata carries the same notes.
 */
class TemplateNotesTest {

    @Test
    void everyFormSpecNotesWhatCloudFormationCannotExpress() {
        CloudFormationExporter.Export export = Templates.export(Templates.EVERY_FORM, EcsCapacity.EC2).export();
        assertThat(export.notes()).extracting(p -> p.code().name() + " " + p.path()).containsExactly(
                "EXPORT_NOT_MAPPED /capacityProviders/4/gpuSharing",     // h100-mig: MIG on ECS
                "EXPORT_NOT_MAPPED /capacityProviders/5/gpuSharing",     // l4-sliced: time-slicing
                "EXPORT_NOT_MAPPED /taskDefinitions/4",                  // mig-task asks for a partition
                "EXPORT_NOT_MAPPED /services/4",                         // mig-task's service
                "EXPORT_NOT_MAPPED /services/5",                         // sliced runs on l4-sliced
                "EXPORT_NOT_MAPPED /endpoints/0/partitionLayout",        // no AcceleratorPartitionLayouts
                "EXPORT_NOT_MAPPED /inferenceComponents/0/partitionType", // no AcceleratorPartitionType
                "EXPORT_NOT_MAPPED /inferenceComponents/1/partitionType");
        assertThat(message(export, "/capacityProviders/4/gpuSharing")).startsWith("AWS::ECS::CapacityProvider has no field for a MIG partition layout")
                .contains("'h100-mig'").contains("SageMaker endpoint with a partitionLayout");
        assertThat(message(export, "/endpoints/0/partitionLayout"))
                .contains("AWS::SageMaker::EndpointConfig ProductionVariants[].AcceleratorPartitionLayouts")
                .contains("aws sagemaker create-endpoint-config --cli-input-json file://partition-demo.endpoint-config.json")
                .contains("parameter PartitionDemoEndpointConfigName (default partition-demo-cfg)");
        assertThat(message(export, "/inferenceComponents/0/partitionType"))
                .contains("Specification.ComputeResourceRequirements.AcceleratorPartitionType")
                .contains("component 'demo-ic-4g' (3 copies of mig-4g.20gb)")
                .contains("create-inference-component --cli-input-json file://demo-ic-4g.inference-component.json");
        JsonNode metadata = TemplateWriter.tree(export.template()).at("/Metadata/gpushare/notExpressed");
        assertThat(metadata.size()).isEqualTo(export.notes().size());
        assertThat(metadata.get(5).path("message").asString()).isEqualTo(export.notes().get(5).message());
    }

    /** Managed Instances: the provider carries auto repair and the instance type, and notes that it has no size. */
    @Test
    void managedInstancesNoteThatThePoolHasNoSize() {
        CloudFormationExporter.Export export = Templates.export(Templates.EVERY_FORM, EcsCapacity.MANAGED_INSTANCES).export();
        JsonNode mi = TemplateWriter.tree(export.template()).at("/Resources/L4MpsCapacityProvider/Properties/ManagedInstancesProvider");
        assertThat(mi.at("/AutoRepairConfiguration/ActionsStatus").asString()).isEqualTo("ENABLED");
        assertThat(mi.at("/InstanceLaunchTemplate/InstanceRequirements/AllowedInstanceTypes/0").asString()).isEqualTo("g6.12xlarge");
        // g6.12xlarge: 48 vCPUs, 192 GiB
        assertThat(mi.at("/InstanceLaunchTemplate/InstanceRequirements/VCpuCount/Min").asInt()).isEqualTo(48);
        assertThat(mi.at("/InstanceLaunchTemplate/InstanceRequirements/MemoryMiB/Min").asLong()).isEqualTo(196608);
        assertThat(message(export, "/capacityProviders/0/maxInstances")).contains("ManagedInstancesProvider has no instance count")
                .contains("needs 1 of g6.12xlarge, at most 4").contains("--ecs-capacity ec2");
    }

    private static String message(CloudFormationExporter.Export export, String path) {
        List<String> found = export.notes().stream().filter(p -> p.path().equals(path)).map(Problem::message).toList();
        assertThat(found).as(path).hasSize(1);
        return found.get(0);
    }
}
