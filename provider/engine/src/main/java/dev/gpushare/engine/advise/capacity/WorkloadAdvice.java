package dev.gpushare.engine.advise.capacity;

import java.util.List;
import java.util.Objects;

/**
 * The alternatives of one service or inference component, cheapest feasible first.
 *
 * @param service           true for a service, false for an inference component
 * @param name              its name
 * @param copies            its copies (desiredCount or copyCount)
 * @param gpuMemoryMiB      GPU memory one copy reserves, MiB (its containers' sum when they share a GPU)
 * @param maxComputePercent the compute limit one copy asks for (the largest of its containers), or
 *                          {@code null} when none is given
 * @param wholeGpus         GPUs one copy takes whole, when it asks for more than one (then only whole
 *                          GPUs are offered), else 0
 * @param asSpecified       the workload as the spec has it, placed alone (for comparison), or
 *                          {@code null} when its pool could not be read
 * @param alternatives      every alternative, ordered: feasible first, then $/hour, stronger isolation,
 *                          fewer instances, form, instance type
 * @param choice            index of the chosen alternative in {@code alternatives}: the first feasible
 *                          one that keeps the requested isolation, or -1 when none does
 */
public record WorkloadAdvice(
        boolean service, String name, int copies, long gpuMemoryMiB, Integer maxComputePercent, int wholeGpus,
        Alternative asSpecified, List<Alternative> alternatives, int choice) {
    public WorkloadAdvice {
        Objects.requireNonNull(name, "name");
        alternatives = List.copyOf(alternatives);
    }

    /** The chosen alternative, or {@code null}. */
    public Alternative chosen() {
        return choice < 0 ? null : alternatives.get(choice);
    }
}
