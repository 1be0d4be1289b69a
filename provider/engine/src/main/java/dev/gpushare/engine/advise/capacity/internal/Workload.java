package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.TaskDefinition;
import java.util.List;

/**
 * A service (with its task definition) or an inference component, sized: the GPU needs of one
 * copy, from the N MiB / P % its containers ask for (memory a reservation, compute a limit).
 */
record Workload(String name, int copies, List<ContainerNeed> needs, Service service, TaskDefinition task,
                InferenceComponent component) {
    Workload {
        needs = List.copyOf(needs);
    }

    boolean isService() {
        return service != null;
    }

    /** GPUs taken whole when a container asks for more than one, else 0. */
    int wholeGpus() {
        int n = 0;
        for (ContainerNeed need : needs) if (need.wholeGpus() > 1) n += need.wholeGpus();
        return n == 0 ? 0 : n + (int) needs.stream().filter(x -> x.wholeGpus() <= 1).count();
    }

    /** One copy's GPU memory when its containers share one GPU: the sum of their reservations. */
    long sharedMiB() {
        long sum = 0;
        for (ContainerNeed n : needs) sum += n.memoryMiB();
        return sum;
    }

    /** The largest compute limit of its containers, or null when none gives one. */
    Integer computePercent() {
        Integer max = null;
        for (ContainerNeed n : needs) if (n.computePercent() != null) max = max == null ? n.computePercent() : Math.max(max, n.computePercent());
        return max;
    }
}
