package dev.gpushare.engine.placement.internal;

import java.util.List;

/**
 * Where each GPU container of a copy goes on one instance: per container (task-definition order)
 * the GPUs it uses, each with the MIG partition index on that GPU or -1.
 */
record Choice(List<List<Pick>> perContainer) implements FitResult {
    record Pick(int gpu, int partition) {}
}
