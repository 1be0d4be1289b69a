package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.cloudformation.Template.Parameter;

/** The parameters of the ECS part: what the spec cannot know about the account and its VPC. */
final class EcsParameters {
    static final String SUBNETS = "Subnets";
    static final String SECURITY_GROUPS = "SecurityGroups";
    static final String GPU_AMI = "EcsGpuAmiId";
    static final String INSTANCE_PROFILE = "EcsInstanceProfileArn";
    static final String INFRASTRUCTURE_ROLE = "EcsInfrastructureRoleArn";
    static final String EXECUTION_ROLE = "TaskExecutionRoleArn";
    static final String REGISTRY_CREDENTIALS = "RegistryCredentialsArn";
    /** The ECS-optimized Amazon Linux 2023 GPU AMI (NVIDIA driver, MPS control daemon, ECS agent), as SSM publishes it. */
    static final String GPU_AMI_SSM = "/aws/service/ecs/optimized-ami/amazon-linux-2023/gpu/recommended/image_id";

    private EcsParameters() {}

    static String subnets(TemplateBuilder b) {
        return b.parameter(SUBNETS, Parameter.required("List<AWS::EC2::Subnet::Id>",
                "Subnets of your VPC that the GPU instances are launched in."));
    }

    static String securityGroups(TemplateBuilder b) {
        return b.parameter(SECURITY_GROUPS, Parameter.required("List<AWS::EC2::SecurityGroup::Id>",
                "Security groups of the GPU instances."));
    }

    static String gpuAmi(TemplateBuilder b) {
        return b.parameter(GPU_AMI, Parameter.optional("AWS::SSM::Parameter::Value<AWS::EC2::Image::Id>",
                "The AMI of the container instances: the ECS-optimized GPU AMI, whose ECS agent (1.107.0 or later) shares GPUs with MPS.",
                GPU_AMI_SSM));
    }

    static String instanceProfile(TemplateBuilder b) {
        return b.parameter(INSTANCE_PROFILE, Parameter.required("String",
                "ARN of the instance profile of the container instances (a role with the AmazonEC2ContainerServiceforEC2Role policy,"
                        + " or AmazonECSInstanceRolePolicyForManagedInstances for Managed Instances)."));
    }

    static String infrastructureRole(TemplateBuilder b) {
        return b.parameter(INFRASTRUCTURE_ROLE, Parameter.required("String",
                "ARN of the role ECS Managed Instances uses to launch and manage the instances (AmazonECSInfrastructureRolePolicyForManagedInstances)."));
    }

    /** Returns the condition that the task execution role was given. */
    static String executionRole(TemplateBuilder b) {
        return b.optionalParameter(EXECUTION_ROLE, "ARN of the task execution role: needed to pull images from ECR or with"
                + " registry credentials, and to send logs. Leave empty for public images.");
    }

    /** Returns the condition that registry credentials were given. */
    static String registryCredentials(TemplateBuilder b) {
        return b.optionalParameter(REGISTRY_CREDENTIALS, "ARN of the Secrets Manager secret with the credentials of the images'"
                + " private registry (RepositoryCredentials; needs the task execution role). Leave empty for public images or ECR.");
    }
}
