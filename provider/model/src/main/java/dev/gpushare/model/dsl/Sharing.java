package dev.gpushare.model.dsl;

import dev.gpushare.model.GpuSharing;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a capacity provider's GPUs are shared: {@link #mps()} (optionally
 * {@code .maxClientsPerGpu(n)}), {@link #exclusive()}, {@link #mig(String, String...)} or
 * {@link #timeSlicing(int)}. Leaving it out of a capacity provider means the default (see
 * {@link dev.gpushare.model.CapacityProvider}).
 *
 * <p>Immutable. Sealed so that only {@link Mps} adds settings of its own.
 */
public sealed class Sharing extends ModelValue<GpuSharing> permits Sharing.Mps {
    Sharing(GpuSharing model) {
        super(model);
    }

    /** NVIDIA MPS as ECS does it, with no limit on clients per GPU beyond memory. */
    public static Mps mps() {
        return new Mps(null);
    }

    /** Whole GPUs only. */
    public static Sharing exclusive() {
        return new Sharing(new GpuSharing.Exclusive());
    }

    /**
     * One MIG layout for every GPU, profiles in the order given (e.g.
     * {@code mig("3g.40gb", "4g.40gb")}); at least one profile.
     */
    public static Sharing mig(String first, String... more) {
        List<String> layout = new ArrayList<>();
        layout.add(MigProfileName.of(first).name());
        for (String name : more) {
            layout.add(MigProfileName.of(name).name());
        }
        return new Sharing(new GpuSharing.Mig(layout));
    }

    /** One MIG layout for every GPU, profiles in the order given; at least one profile. */
    public static Sharing mig(MigProfileName first, MigProfileName... more) {
        List<String> layout = new ArrayList<>();
        layout.add(Objects.requireNonNull(first, "first").name());
        for (MigProfileName name : more) {
            layout.add(Objects.requireNonNull(name, "profile").name());
        }
        return new Sharing(new GpuSharing.Mig(layout));
    }

    /** Each GPU offered as {@code replicas} unisolated slots (the spec allows 2 or more). */
    public static Sharing timeSlicing(int replicas) {
        return new Sharing(new GpuSharing.TimeSlicing(replicas));
    }

    /** MPS sharing, which may limit the number of MPS clients on one GPU. */
    public static final class Mps extends Sharing {
        private Mps(Integer maxClientsPerGpu) {
            super(new GpuSharing.Mps(maxClientsPerGpu));
        }

        /** The same sharing with at most {@code clients} MPS containers per GPU (the spec allows 1..48). */
        public Mps maxClientsPerGpu(int clients) {
            return new Mps(clients);
        }
    }
}
