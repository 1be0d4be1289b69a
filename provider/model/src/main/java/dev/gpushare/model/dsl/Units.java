package dev.gpushare.model.dsl;

/**
 * Short names for the unit types, meant for {@code import static dev.gpushare.model.dsl.Units.*}:
 * {@code mib(4096)}, {@code gib(4)}, {@code percent(25)}, {@code cpuUnits(1024)}, {@code vcpu(1)}.
 */
public final class Units {
    private Units() {}

    /** {@code value} MiB. */
    public static Mib mib(int value) {
        return Mib.of(value);
    }

    /** {@code value} GiB, as MiB (× 1024). */
    public static Mib gib(int value) {
        return Mib.gib(value);
    }

    /** {@code value} percent. */
    public static Percent percent(int value) {
        return Percent.of(value);
    }

    /** {@code value} CPU units (1024 = one vCPU). */
    public static CpuUnits cpuUnits(int value) {
        return CpuUnits.of(value);
    }

    /** {@code value} whole vCPUs, as CPU units (× 1024). */
    public static CpuUnits vcpu(int value) {
        return CpuUnits.vcpu(value);
    }
}
