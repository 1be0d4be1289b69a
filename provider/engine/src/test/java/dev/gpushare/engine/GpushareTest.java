package dev.gpushare.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.PlanText;
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

    /**
     * The Java API keeps each cluster's baseline: after an apply in full, the next plan follows the
     * change (and is the plan the full path makes from the same state, byte for byte); a health
     * mark, or a new object without the baseline, takes the full path.
     */
    @Test
    void aPlanAfterAnApplyFollowsTheChange() {
        Spec spec = Specs.file(Path.of("../../examples/mps-sharing/spec.yaml"));
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            assertThat(gs.lastPlanFollowedChange()).isFalse();
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.baseline(spec.cluster())).get().extracting(b -> b.revision()).isEqualTo(1L);

            Spec more = withCount(spec, "embedder-small", 10);
            Plan plan = gs.plan(more);
            assertThat(gs.lastPlanFollowedChange()).isTrue();
            Plan full = Pipeline.plan(Pipeline.check(more).orThrow(), gs.snapshot(spec.cluster()));
            assertThat(PlanJson.toJson(plan)).isEqualTo(PlanJson.toJson(full));
            assertThat(PlanText.render(plan)).isEqualTo(PlanText.render(full));
            assertThat(plan.actions()).filteredOn(a -> a instanceof Action.PlaceCopy).hasSize(2);

            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(more).actions()).isEmpty();
            assertThat(gs.lastPlanFollowedChange()).isTrue();

            gs.markUnhealthy(spec.cluster(), "l4-mps-0", "mps-daemon-unresponsive");
            Plan replace = gs.plan(more);
            assertThat(gs.lastPlanFollowedChange()).isFalse();
            assertThat(PlanJson.toJson(replace))
                    .isEqualTo(PlanJson.toJson(Pipeline.plan(Pipeline.check(more).orThrow(), gs.snapshot(spec.cluster()))));
        }
        try (Gpushare fresh = Gpushare.backend("file:" + dir.resolve("state"))) {
            fresh.plan(spec);
            assertThat(fresh.lastPlanFollowedChange()).isFalse(); // no baseline in a new object
        }
    }

    private static Spec withCount(Spec spec, String service, int count) {
        List<dev.gpushare.model.Service> services = new java.util.ArrayList<>();
        for (dev.gpushare.model.Service s : spec.services()) {
            services.add(s.name().equals(service) ? new dev.gpushare.model.Service(s.name(), s.taskDefinition(),
                    s.capacityProvider(), count, s.placementStrategy()) : s);
        }
        return new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(), services,
                spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes(), spec.pricing());
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
