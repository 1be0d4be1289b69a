package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendContract;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local SQLite file keeps the {@link Backend} contract. */
class LocalBackendContractTest extends BackendContract {
    @TempDir Path dir;
    private Path file;

    @Override
    protected void freshStore() {
        file = dir.resolve("state");
    }

    @Override
    protected Backend open() {
        return LocalBackend.open(file);
    }

    /**
     * The transition check can fail: against a fold that drops the last placement of a batch (or
     * forgets a terminate's declared layout, or the batch's rollout records), the backend's read-back
     * differs and the check says so.
     */
    @Test
    void aMutatedFoldFailsTheTransitionCheck() {
        assertThatThrownBy(() -> transitionHolds((before, batch) -> {
            List<Action> mutated = new ArrayList<>(batch);
            for (int k = mutated.size() - 1; k >= 0; k--) {
                if (mutated.get(k) instanceof Action.PlaceCopy) {
                    mutated.remove(k); // drops a placement
                    break;
                }
            }
            return StateFold.apply(before, mutated);
        })).isInstanceOf(AssertionError.class).hasMessageContaining("state after");
        assertThatThrownBy(() -> transitionHolds((before, batch) -> {
            Snapshot s = StateFold.apply(before, batch);
            return new Snapshot(s.state(), s.revision(), before.declaredLayouts(), s.supply(), s.rollouts()); // layouts not folded
        })).isInstanceOf(AssertionError.class).hasMessageContaining("declared layouts after");
        assertThatThrownBy(() -> transitionHolds((before, batch) -> StateFold.apply(before, batch)
                .withRollouts(before.rollouts()))) // rollout records not folded
                .isInstanceOf(AssertionError.class).hasMessageContaining("rollout records after");
    }
}
