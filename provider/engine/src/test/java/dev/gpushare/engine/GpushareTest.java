package dev.gpushare.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.SpecException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java API end to end: plan, apply, status, mark unhealthy, destroy. */
class GpushareTest {
    @TempDir Path dir;

    @Test
    void planApplyStatusMarkUnhealthyDestroy() {
        Spec spec = Specs.mpsService(6, 4096); // 6 × 4,096 MiB: one g6.12xlarge (5 per GPU)
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            assertThat(gs.apply(gs.plan(spec))).isEqualTo(new ApplyOutcome.Applied(1, 7)); // 1 launch + 6 places
            assertThat(gs.status("scale").summary().allocations()).isEqualTo(6);
            assertThat(gs.clusters()).containsExactly("scale");

            assertThat(gs.markUnhealthy("scale", "l4-0", "mps-daemon-unresponsive")).isEqualTo(2);
            Instance marked = gs.status("scale").instances().getFirst();
            assertThat(marked.healthy()).isFalse();
            assertThat(marked.healthReason()).isEqualTo("mps-daemon-unresponsive");

            assertThat(gs.destroy("scale")).isTrue();
            assertThat(gs.status("scale").instances()).isEmpty();
            // revisions are never reused: the destroy is revision 3 (apply 1, mark 2), not a return to 0
            assertThat(gs.snapshot("scale").revision()).isEqualTo(3);
            assertThat(gs.clusters()).isEmpty();
        }
    }

    @Test
    void invalidSpecIsRefusedWithEveryProblem() {
        Spec valid = Specs.mpsService(1, 4096);
        Spec broken = new Spec(valid.apiVersion(), valid.cluster(), valid.capacityProviders(), valid.taskDefinitions(),
                List.of(new dev.gpushare.model.Service("embedder", "nope", "missing", 1, dev.gpushare.model.PlacementStrategy.BINPACK)),
                List.of(), List.of(), List.of());
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            assertThatThrownBy(() -> gs.plan(broken)).isInstanceOf(SpecException.class)
                    .satisfies(e -> assertThat(((SpecException) e).problems()).hasSizeGreaterThanOrEqualTo(2));
        }
    }

    @Test
    void remoteBackendIsAClearUserError() {
        assertThatThrownBy(() -> Gpushare.backend("https://placement.example.com"))
                .isInstanceOf(BackendException.class)
                .hasMessageContaining("remote backend not available in this build");
    }
}
