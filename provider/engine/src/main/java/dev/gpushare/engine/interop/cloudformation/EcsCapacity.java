package dev.gpushare.engine.interop.cloudformation;

import dev.gpushare.model.io.OptionValue;
import java.util.Locale;
import java.util.Optional;

/**
 * What runs the ECS capacity providers of an exported template. The spec does not say; the
 * command's {@code --ecs-capacity} does. The constants have the names ECS gives the compatibilities
 * ({@code requiresCompatibilities}).
 */
public enum EcsCapacity {
    /**
     * An Auto Scaling group of the pool's instance type with a launch template (the ECS-optimized GPU
     * AMI), sized by gpushare's placement, under an {@code AutoScalingGroupProvider} with managed scaling.
     */
    EC2,
    /**
     * An ECS Managed Instances provider ({@code ManagedInstancesProvider}) pinned to the pool's
     * instance type, with auto repair; ECS launches the instances, so the template has no size.
     */
    MANAGED_INSTANCES;

    /** The option value: the constant's name in lower case, words joined by {@code -} ({@code ec2}, {@code managed-instances}). */
    public String option() {
        return OptionValue.of(this);
    }

    /** The capacity named {@code text}, in any case, or empty. */
    public static Optional<EcsCapacity> parse(String text) {
        return OptionValue.parse(EcsCapacity.class, text.toLowerCase(Locale.ROOT));
    }
}
