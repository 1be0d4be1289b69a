package dev.gpushare.model.dsl;

import java.util.Objects;

/**
 * The optional settings of a task definition, given to
 * {@link ClusterBuilder#taskDefinition(String, java.util.function.UnaryOperator, ContainerDef, ContainerDef...)}
 * as {@code td -> td.cpu(vcpu(1)).memory(mib(2048))}. Immutable: each setter returns a new value.
 * Both are unset by default, as in the spec.
 */
public final class TaskDefinitionOptions {
    static final TaskDefinitionOptions DEFAULTS = new TaskDefinitionOptions(null, null);

    private final CpuUnits cpu;
    private final Mib memory;

    private TaskDefinitionOptions(CpuUnits cpu, Mib memory) {
        this.cpu = cpu;
        this.memory = memory;
    }

    /** CPU the task reserves, in CPU units (1024 = one vCPU). */
    public TaskDefinitionOptions cpu(CpuUnits units) {
        return new TaskDefinitionOptions(Objects.requireNonNull(units, "units"), memory);
    }

    /** Host memory the task reserves, in MiB. */
    public TaskDefinitionOptions memory(Mib hostMemory) {
        return new TaskDefinitionOptions(cpu, Objects.requireNonNull(hostMemory, "hostMemory"));
    }

    /** In CPU units, or {@code null} when unset. */
    Integer cpuUnits() {
        return cpu == null ? null : cpu.value();
    }

    /** In MiB, or {@code null} when unset. */
    Integer memoryMiB() {
        return memory == null ? null : memory.value();
    }
}
