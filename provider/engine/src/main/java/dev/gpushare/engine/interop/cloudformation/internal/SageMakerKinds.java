package dev.gpushare.engine.interop.cloudformation.internal;

/** Names the SageMaker kinds share. */
final class SageMakerKinds {
    static final String EXECUTION_ROLE = "SageMakerExecutionRoleArn";
    /** Where the template's property names come from: the resource schemas cfn-lint carries. */
    static final String SCHEMA = "CloudFormation's resource schema (as cfn-lint 1.58.0 carries it)";

    private SageMakerKinds() {}

    static String executionRole(TemplateBuilder b) {
        return b.parameter(EXECUTION_ROLE, dev.gpushare.engine.interop.cloudformation.Template.Parameter.required("String",
                "ARN of the role SageMaker assumes for the endpoints and models (AmazonSageMakerFullAccess or narrower)."));
    }
}
