package dev.gpushare.engine.cost;

/**
 * GPU memory of a set of GPUs, in MiB.
 *
 * @param usableMiB    what copies can be given: each GPU's usable memory, or the memory of its MIG
 *                     instances on a MIG GPU
 * @param allocatedMiB reserved for copies: MPS reservations, whole or fractional GPUs held, used
 *                     MIG instances, time-sliced GPUs in use
 * @param idleMiB      {@code usable − allocated}: free
 * @param strandedMiB  the part of the free memory no copy of its pool could use, because each free
 *                     fragment is smaller than the pool's smallest copy (≤ idle)
 */
public record GpuMemory(long usableMiB, long allocatedMiB, long idleMiB, long strandedMiB) {
    public static final GpuMemory NONE = new GpuMemory(0, 0, 0, 0);

    /** One GPU's figures; idle is what is left of usable (never negative, even for an over-reserved GPU). */
    public static GpuMemory of(long usableMiB, long allocatedMiB, long strandedMiB) {
        long idle = Math.max(0, usableMiB - allocatedMiB);
        return new GpuMemory(usableMiB, allocatedMiB, idle, Math.min(strandedMiB, idle));
    }

    public GpuMemory plus(GpuMemory o) {
        return new GpuMemory(usableMiB + o.usableMiB, allocatedMiB + o.allocatedMiB, idleMiB + o.idleMiB,
                strandedMiB + o.strandedMiB);
    }

    /** Allocated as a share of usable memory, in percent (0 when nothing is usable). */
    public double allocatedPercent() {
        return usableMiB == 0 ? 0 : 100.0 * allocatedMiB / usableMiB;
    }
}
