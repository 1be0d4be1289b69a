package dev.gpushare.engine.advise.capacity.internal;

/**
 * What one GPU container of a copy needs, whatever form the spec asked in.
 *
 * @param container         the container's name (the model's name for an inference component)
 * @param memoryMiB         GPU memory it reserves, MiB (for {@code wholeGpus > 1}: per GPU)
 * @param computePercent    its compute limit, percent, or {@code null} for none
 * @param wholeGpus         GPUs it takes whole when more than one, else 0 (one share of a GPU)
 */
record ContainerNeed(String container, long memoryMiB, Integer computePercent, int wholeGpus) {}
