package dev.gpushare.engine.mig;

import dev.gpushare.engine.state.MigPartition;
import java.util.List;
import java.util.Objects;

/** The outcome of {@link MigLayouts#realize}: either concrete placements or why there are none. */
public sealed interface LayoutResult permits LayoutResult.Realized, LayoutResult.Rejected {

    /**
     * The layout fits: one partition per requested profile, ordered by start (placement unit).
     * Profile names carry no {@code mig-} prefix; memory is in MiB.
     */
    record Realized(List<MigPartition> partitions) implements LayoutResult {
        public Realized {
            partitions = List.copyOf(partitions);
        }
    }

    /**
     * The layout cannot be built on this GPU.
     *
     * @param code    e.g. {@link MigCode#MIG_LAYOUT_DOES_NOT_FIT}
     * @param message what is wrong and what to change
     */
    record Rejected(MigCode code, String message) implements LayoutResult {
        public Rejected {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }
    }
}
