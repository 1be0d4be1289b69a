package dev.gpushare.engine.placement.internal;

/** Why a candidate instance (or GPU) cannot take a copy, with the numbers. */
sealed interface Refusal extends FitResult {
    record HostCpu(long needed, long free) implements Refusal {}
    record HostMemory(long needed, long free) implements Refusal {}
    /** No GPU with this much free memory; {@code mostFree} is the best seen (MiB). */
    record GpuMemory(long needed, long mostFree) implements Refusal {}
    /** A GPU has the memory but already {@code limit} MPS clients. */
    record Clients(int limit) implements Refusal {}
    record IdleGpus(int needed, int idle) implements Refusal {}
    record NoPartition(String profile, int needed, int free) implements Refusal {}
    record NoSlot(int needed, int free) implements Refusal {}
    /** The requirement cannot run on this pool at all. */
    record Incompatible(String why) implements Refusal {}
    /** The instance takes no new work (unhealthy, kept until it is replaced). */
    record Closed() implements Refusal {}
}
