package dev.gpushare.engine.interop.cloudformation.internal;

/** Names the SageMaker kinds share. */
final class SageMakerKinds {
    /** The variant every endpoint gets, as {@code gpushare export sagemaker} writes it. */
    static final String VARIANT = "AllTraffic";
    /** MinMemoryRequiredInMb when the spec gives no hostMemoryMiB (SageMaker requires one), as export sagemaker writes it. */
    static final int DEFAULT_HOST_MEMORY_MIB = 1024;
    static final String EXECUTION_ROLE = "SageMakerExecutionRoleArn";
    /** Where the template's property names come from: the resource schemas cfn-lint carries. */
    static final String SCHEMA = "CloudFormation's resource schema (as cfn-lint 1.58.0 carries it)";

    private SageMakerKinds() {}

    static String executionRole(TemplateBuilder b) {
        return b.parameter(EXECUTION_ROLE, dev.gpushare.engine.interop.cloudformation.Template.Parameter.required("String",
                "ARN of the role SageMaker assumes for the endpoints and models (AmazonSageMakerFullAccess or narrower)."));
    }

    /** {@code mig-3g.20gb} for {@code 3g.20gb} or {@code mig-3g.20gb}. */
    static String migName(String profile) {
        return profile.startsWith("mig-") ? profile : "mig-" + profile;
    }
}
