package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.cloudformation.Template;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.model.Endpoint;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * An endpoint: {@code AWS::SageMaker::EndpointConfig} (config {@code NAME-cfg}, one variant
 * {@code AllTraffic} of the spec's instance type and count) and {@code AWS::SageMaker::Endpoint}.
 * CloudFormation's schema has no {@code AcceleratorPartitionLayouts}: a MIG endpoint's
 * configuration is made outside the stack (from {@code gpushare export sagemaker}) and named by a
 * parameter, and the note says so.
 */
public final class EndpointKind {
    private EndpointKind() {}

    /** Adds the endpoint; returns the endpoint's logical id. */
    public static String add(TemplateBuilder b, int index, Endpoint e) {
        String configName = SageMakerExporter.configName(e);
        List<String> dependsOn = new ArrayList<>();
        ObjectNode endpoint = Fn.object();
        endpoint.put("EndpointName", e.name());
        String id;
        if (e.partitionLayout() == null) {
            String config = b.id(e.name(), "EndpointConfig");
            ObjectNode p = Fn.object();
            p.put("EndpointConfigName", configName);
            p.set("ExecutionRoleArn", Fn.ref(SageMakerKinds.executionRole(b)));
            // export sagemaker's variant: without a partition layout, its fields are CloudFormation's
            p.putArray("ProductionVariants").add(SageMakerExporter.productionVariant(e));
            b.resource(config, "AWS::SageMaker::EndpointConfig", List.of(), p);
            id = b.id(e.name(), "Endpoint");
            endpoint.set("EndpointConfigName", Fn.getAtt(config, "EndpointConfigName"));
        } else {
            String parameter = b.id(e.name(), "EndpointConfigName");
            b.parameter(parameter, Template.Parameter.optional("String", "Name of endpoint '" + e.name() + "''s configuration, made"
                    + " outside the stack because CloudFormation has no AcceleratorPartitionLayouts: gpushare export sagemaker"
                    + " writes it as " + e.name() + ".endpoint-config.json (add ExecutionRoleArn), aws sagemaker create-endpoint-config"
                    + " --cli-input-json creates it.", configName));
            id = b.id(e.name(), "Endpoint");
            endpoint.set("EndpointConfigName", Fn.ref(parameter));
            b.note("/endpoints/" + index + "/partitionLayout", InteropCode.EXPORT_NOT_MAPPED, "AWS::SageMaker::EndpointConfig"
                    + " ProductionVariants[].AcceleratorPartitionLayouts is not in " + SageMakerKinds.SCHEMA + ", and a variant without"
                    + " it gets whole GPUs: the template does not create endpoint '" + e.name() + "''s configuration. Create it first"
                    + " with 'gpushare export sagemaker' (" + e.name() + ".endpoint-config.json, with your ExecutionRoleArn added) and"
                    + " 'aws sagemaker create-endpoint-config --cli-input-json file://" + e.name() + ".endpoint-config.json'; the"
                    + " stack's " + id + " takes its name from parameter " + parameter + " (default " + configName + ").");
        }
        b.resource(id, "AWS::SageMaker::Endpoint", dependsOn, endpoint);
        return id;
    }
}
