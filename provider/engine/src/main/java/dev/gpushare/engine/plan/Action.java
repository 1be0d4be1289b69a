package dev.gpushare.engine.plan;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.InstanceTypeDef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * One step of a plan. Every action is idempotent on a backend (applying it twice leaves the same
 * state as applying it once), so a re-run after a crash is safe.
 */
public sealed interface Action {

    /** Stable kind name used in JSON ({@code "kind"}) and counts. */
    String kind();

    /**
     * Starts an instance with its GPUs already configured (mode, MIG layout), as a launch template
     * does; no copies on it yet.
     *
     * @param instance       the instance as desired, without allocations
     * @param declaredLayout the endpoint's {@code partitionLayout} as written (user order,
     *                       without {@code mig-}), or {@code null}; kept so that a reorder is seen
     * @param declaredType   the spec's declaration of the instance type when the built-in catalog
     *                       lacks it, else {@code null}: what the apply-time check measures the
     *                       instance against
     */
    record LaunchInstance(Instance instance, List<String> declaredLayout, InstanceTypeDef declaredType) implements Action {
        public LaunchInstance {
            Objects.requireNonNull(instance, "instance");
            declaredLayout = declaredLayout == null ? null : List.copyOf(declaredLayout);
        }

        /** An instance of a catalog type. */
        public LaunchInstance(Instance instance, List<String> declaredLayout) {
            this(instance, declaredLayout, null);
        }

        @Override public String kind() { return "launchInstance"; }
    }

    /**
     * Terminates an instance and launches it anew under the same id (what SageMaker does when an
     * endpoint's partition layout changes, and what replacing an unhealthy instance does when its
     * pool has no room for one more): the copies on it stop and are placed again.
     *
     * @param reason       what forces the replacement, for the plan text
     * @param declaredType as for {@link LaunchInstance}
     */
    record ReplaceInstance(Instance instance, List<String> declaredLayout, String reason, InstanceTypeDef declaredType)
            implements Action {
        public ReplaceInstance {
            Objects.requireNonNull(instance, "instance");
            Objects.requireNonNull(reason, "reason");
            declaredLayout = declaredLayout == null ? null : List.copyOf(declaredLayout);
        }

        /** An instance of a catalog type. */
        public ReplaceInstance(Instance instance, List<String> declaredLayout, String reason) {
            this(instance, declaredLayout, reason, null);
        }

        @Override public String kind() { return "replaceInstance"; }
    }

    /**
     * Sets a GPU's mode, fraction and MIG instances on an existing instance.
     *
     * @param fromMode the mode before, for the plan text
     */
    record ConfigureGpu(InstanceId instanceId, int gpuIndex, GpuMode fromMode, GpuMode mode, BigDecimal fraction,
                        List<MigPartition> partitions) implements Action {
        public ConfigureGpu {
            Objects.requireNonNull(instanceId, "instanceId");
            Objects.requireNonNull(mode, "mode");
            partitions = List.copyOf(partitions);
        }

        @Override public String kind() { return "configureGpu"; }
    }

    /** Starts a copy that runs nowhere yet. */
    record PlaceCopy(TaskId task, List<Placement> placements) implements Action {
        public PlaceCopy {
            Objects.requireNonNull(task, "task");
            placements = List.copyOf(placements);
        }

        @Override public String kind() { return "placeCopy"; }
    }

    /**
     * Moves a copy: the new one starts before the old one stops (as ECS does), in one step.
     *
     * @param from   where it runs now
     * @param to     where it will run
     * @param reason why, e.g. {@code instance l4-shared-2 is unhealthy}, {@code partition type
     *               changed (forces replacement)}
     * @param replacement true when SageMaker would replace the copy (its partition type changed)
     */
    record MoveCopy(TaskId task, List<Placement> from, List<Placement> to, String reason, boolean replacement)
            implements Action {
        public MoveCopy {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(reason, "reason");
            from = List.copyOf(from);
            to = List.copyOf(to);
        }

        @Override public String kind() { return "moveCopy"; }
    }

    /** Stops a copy; {@code from} says where it ran (for the plan text). */
    record StopCopy(TaskId task, List<Placement> from) implements Action {
        public StopCopy {
            Objects.requireNonNull(task, "task");
            from = List.copyOf(from);
        }

        @Override public String kind() { return "stopCopy"; }
    }

    /** Terminates an instance with whatever still runs on it (nothing, in a plan's safe order). */
    record TerminateInstance(InstanceId instanceId, String reason) implements Action {
        public TerminateInstance {
            Objects.requireNonNull(instanceId, "instanceId");
            Objects.requireNonNull(reason, "reason");
        }

        @Override public String kind() { return "terminateInstance"; }
    }

    /**
     * Records how a rollout stands once the actions before it committed (the end of a wave, the
     * rollout completed, failed or rolled back): the backend keeps it with the cluster's state,
     * and {@code status} shows it. Changes no instance.
     */
    record RecordRollout(dev.gpushare.engine.state.RolloutRecord record) implements Action {
        public RecordRollout {
            Objects.requireNonNull(record, "record");
        }

        @Override public String kind() { return "recordRollout"; }
    }

    /** One container of a copy on one GPU of one instance. */
    record Placement(InstanceId instanceId, int gpuIndex, Allocation allocation) {
        public Placement {
            Objects.requireNonNull(instanceId, "instanceId");
            Objects.requireNonNull(allocation, "allocation");
        }
    }
}
