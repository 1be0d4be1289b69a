package dev.gpushare.engine.advise.capacity;

/**
 * A way the catalog offers to run a copy on GPUs, with how much it isolates the copy from its
 * neighbours (docs/cost.md, "advise capacity").
 */
public enum SharingForm {
    /** Whole GPUs, one container each (EXCLUSIVE capacity provider, or an endpoint without layout). */
    WHOLE_GPU(Isolation.MIG, "nothing: the GPU is the copy's alone"),
    /** A MIG instance: hardware memory, cache and fault isolation (p4d, p4de, p5, p5e, p5en, g7e). */
    MIG(Isolation.MIG, "nothing in memory or faults (a hardware partition); compute is the partition's slices"),
    /** A hardware slice of an L4 on g6f/gr6f (NVIDIA vGPU): own memory, time-shared compute. */
    FRACTION(Isolation.MIG, "compute is time-shared with the other slices of the GPU; memory is its own"),
    /** NVIDIA MPS on g5, g6, g6e, g7e: memory reserved per client, compute a limit. */
    MPS(Isolation.MPS, "memory is a per-client limit, not a partition; a fatal fault takes down every client of the GPU"),
    /** Time-slicing replicas: no memory limit, no fault isolation. */
    TIME_SLICING(Isolation.ANY, "everything: no memory limit and no fault isolation; replicas take turns on the GPU");

    private final Isolation isolation;
    private final String givesUp;

    SharingForm(Isolation isolation, String givesUp) {
        this.isolation = isolation;
        this.givesUp = givesUp;
    }

    /** The strongest {@code --isolation} this form satisfies. */
    public Isolation isolation() {
        return isolation;
    }

    /** What a copy gives up, compared with a GPU of its own. */
    public String givesUp() {
        return givesUp;
    }
}
