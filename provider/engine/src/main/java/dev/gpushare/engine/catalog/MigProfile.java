package dev.gpushare.engine.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A MIG GPU-instance profile of one GPU model (names are only unique per model).
 *
 * @param name          without the {@code mig-} prefix, e.g. {@code 3g.40gb}, {@code 1g.10gb+me}
 * @param profileId     NVML profile ID (the {@code -cgi} argument), e.g. 9 for 3g
 * @param computeSlices compute slices ("g")
 * @param size          placement units occupied (contiguous)
 * @param starts        allowed first units, ascending
 * @param maxCount      most instances of this profile on one GPU
 * @param memoryMiB     memory one instance offers a process, in MiB
 */
public record MigProfile(
        String name, int profileId, int computeSlices, int size, List<Integer> starts, int maxCount,
        long memoryMiB) {
    public MigProfile {
        Objects.requireNonNull(name, "name");
        starts = List.copyOf(starts);
    }

    /** Drops the Kubernetes/SageMaker {@code mig-} prefix: {@code mig-3g.40gb} → {@code 3g.40gb}. */
    public static String normalize(String name) {
        return name.startsWith("mig-") ? name.substring(4) : name;
    }

    /** True for NVIDIA variants SageMaker refuses in endpoint layouts ({@code +me}, {@code -me}, ...). */
    public boolean hasSuffix() {
        return name.indexOf('+') >= 0 || name.indexOf('-') >= 0;
    }
}
