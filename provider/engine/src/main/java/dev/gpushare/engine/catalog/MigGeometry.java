package dev.gpushare.engine.catalog;

import java.util.List;
import java.util.Optional;

/**
 * How one GPU model can be cut into MIG instances.
 *
 * @param placementUnits memory-slice units a placement is counted in (8 on 7-slice datacenter
 *                       GPUs, 4 on A30, 12 on RTX PRO 6000) — never assume 8
 * @param computeSlices  compute slices of the whole GPU (7 or 4)
 * @param profiles       every GPU-instance profile the model offers
 */
public record MigGeometry(int placementUnits, int computeSlices, List<MigProfile> profiles) {
    public MigGeometry {
        profiles = List.copyOf(profiles);
    }

    /** The profile of that name, given with or without the {@code mig-} prefix. */
    public Optional<MigProfile> profile(String name) {
        String n = MigProfile.normalize(name);
        return profiles.stream().filter(p -> p.name().equals(n)).findFirst();
    }
}
