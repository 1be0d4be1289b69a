package dev.gpushare.engine.state;

/**
 * A MIG instance on a GPU.
 *
 * @param profile   profile name without the {@code mig-} prefix
 * @param start     first placement unit, as {@code nvidia-smi mig -lgipp} numbers them
 * @param memoryMiB memory of the instance in MiB
 */
public record MigPartition(String profile, int start, long memoryMiB) {}
