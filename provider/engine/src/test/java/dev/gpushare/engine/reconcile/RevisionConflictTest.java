package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RevisionConflictTest {
    @TempDir Path dir;

    @Test
    void secondOfTwoAppliesAgainstOneRevisionIsRefusedAndWritesNothing() {
        String url = "file:" + dir.resolve("state");
        Spec small = Specs.mpsService(3, 4096), big = Specs.mpsService(30, 4096);
        try (Gpushare a = Gpushare.backend(url); Gpushare b = Gpushare.backend(url)) {
            Plan pa = a.plan(small), pb = b.plan(big); // both at revision 0
            assertThat(a.apply(pa)).isEqualTo(new ApplyOutcome.Applied(1, pa.actions().size()));
            ApplyOutcome lost = b.apply(pb);
            assertThat(lost).isInstanceOfSatisfying(ApplyOutcome.Conflict.class, c -> {
                assertThat(c.appliedBefore()).isZero();
                assertThat(c.conflict().expectedRevision()).isZero();
                assertThat(c.conflict().currentRevision()).isEqualTo(1);
            });
            assertThat(a.status("scale").summary().allocations()).isEqualTo(3); // no lost update
            // re-planning against the new revision works
            assertThat(b.apply(b.plan(big))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(a.status("scale").summary().allocations()).isEqualTo(30);
        }
    }

    @Test
    void savedPlanAppliesOnlyAgainstItsRevision() {
        String url = "file:" + dir.resolve("state");
        try (Gpushare gs = Gpushare.backend(url)) {
            Plan saved = PlanJson.fromJson(PlanJson.toJson(gs.plan(Specs.mpsService(5, 4096))));
            gs.apply(gs.plan(Specs.mpsService(2, 4096))); // someone else applies first
            assertThat(gs.apply(saved)).isInstanceOf(ApplyOutcome.Conflict.class);
            assertThat(gs.status("scale").summary().allocations()).isEqualTo(2);
        }
    }

    @Test
    void progressIsReportedPerBatch() {
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            Plan plan = gs.plan(Specs.mpsService(40, 4096)); // 2 launches + 40 places = 42 actions
            assertThat(plan.actions()).hasSize(42);
            List<String> seen = new ArrayList<>();
            ApplyOutcome o = Reconciler.apply(gs.backend(), plan, (done, total, rev) -> seen.add(done + "/" + total + "@" + rev), 16);
            // ⌈42 / 16⌉ = 3 batches → revisions 1, 2, 3
            assertThat(seen).containsExactly("16/42@1", "32/42@2", "42/42@3");
            assertThat(o).isEqualTo(new ApplyOutcome.Applied(3, 42));
        }
    }
}
