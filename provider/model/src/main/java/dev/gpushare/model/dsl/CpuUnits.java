package dev.gpushare.model.dsl;

/**
 * CPU in ECS CPU units: 1024 units are one vCPU.
 *
 * @param value CPU units (≥ 0)
 */
public record CpuUnits(int value) {
    /** CPU units in one vCPU, as ECS counts them. */
    public static final int UNITS_PER_VCPU = 1024;

    public CpuUnits {
        if (value < 0) {
            throw new IllegalArgumentException("CPU units cannot be negative: " + value);
        }
    }

    /** {@code units} CPU units (1024 = one vCPU). */
    public static CpuUnits of(int units) {
        return new CpuUnits(units);
    }

    /** {@code vcpus} whole vCPUs, converted to CPU units (× 1024). */
    public static CpuUnits vcpu(int vcpus) {
        if (vcpus < 0) {
            throw new IllegalArgumentException("CPU cannot be negative: " + vcpus + " vCPU");
        }
        return new CpuUnits(Math.multiplyExact(vcpus, UNITS_PER_VCPU));
    }

    @Override
    public String toString() {
        return value + " CPU units";
    }
}
