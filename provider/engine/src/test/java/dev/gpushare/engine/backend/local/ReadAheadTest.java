package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.internal.LazyAllocations;
import dev.gpushare.model.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Gpushare#readAhead}: a command observes ahead of its plan, on another thread, while it
 * checks its spec (the local backend reads its only cluster's snapshot and restores the baseline
 * kept with it). The plan is the full path's byte for byte whatever happened meanwhile, and what was
 * read ahead is used only while the cluster is still at the revision it was read at.
 *
 * <p>The spec: one service of 6 copies × 4,096 MiB MPS on g6.12xlarge (5 such copies per L4, 4 L4
 * each), so one instance holds all 6: 1 launch + 6 places = 7 actions, revision 1.
 */
class ReadAheadTest {
    @TempDir Path dir;

    private Gpushare open() {
        return Gpushare.using(LocalBackend.open(dir.resolve("state")));
    }

    @BeforeEach
    void convergedToSixCopies() {
        try (Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(Specs.mpsService(6, 4096)))).isEqualTo(new ApplyOutcome.Applied(1, 7));
        }
    }

    /** Plans {@code spec} after reading ahead, running {@code meanwhile} once the read ahead ended; checks the plan is the full path's. */
    private Plan planAhead(Spec spec, Runnable meanwhile, boolean changeSetPath) {
        try (Gpushare gs = open().readAhead()) {
            assertThat(gs.clusters()).isNotEmpty(); // waits for the read ahead to end: meanwhile runs after it
            meanwhile.run();
            Plan plan = gs.plan(spec);
            Plan full = Planner.plan(Pipeline.check(spec).orThrow(), gs.snapshot("scale"));
            assertThat(PlanJson.toJson(plan)).isEqualTo(PlanJson.toJson(full));
            assertThat(gs.lastPlanFollowedChange()).as("the change-set path").isEqualTo(changeSetPath);
            return plan;
        }
    }

    /** Another process's SQL on the file (what a test may do behind the backend's back). */
    private void sql(String statement) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("state").toAbsolutePath());
             Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theBaselineRestoredAheadIsTheOneThePlanStartsFrom() {
        // the stored converged spec is removed after the read ahead, and nothing else changes (the
        // revision stays 1): only a baseline restored ahead can send these plans down the change-set path
        Runnable dropStored = () -> sql("DELETE FROM converged");
        assertThat(planAhead(Specs.mpsService(6, 4096), dropStored, true).actions()).as("no change").isEmpty();
        try (Gpushare gs = open()) { // the row is kept again by an empty plan made without it (the full path)
            assertThat(gs.plan(Specs.mpsService(6, 4096)).actions()).isEmpty();
            assertThat(gs.lastPlanFollowedChange()).isFalse();
        }
        // 6 → 9 copies: 3 more places on the one instance (room for 20)
        assertThat(planAhead(Specs.mpsService(9, 4096), dropStored, true).actions()).as("one service changed").hasSize(3);
        // without reading ahead, the same store has no baseline: the full path
        try (Gpushare gs = open()) {
            gs.plan(Specs.mpsService(9, 4096));
            assertThat(gs.lastPlanFollowedChange()).isFalse();
        }
    }

    @Test
    void aPlanOfTheConvergedSpecDecodesNoCopyReadAhead() {
        // the snapshot read ahead decodes each GPU's allocations when first read: a plan of the spec the
        // cluster converged to reads none of them (one with a service changed, those of the instances it touches)
        try (Gpushare gs = open().readAhead()) {
            assertThat(gs.plan(Specs.mpsService(6, 4096)).actions()).isEmpty();
            assertThat(gs.lastPlanFollowedChange()).isTrue();
            var gpus = gs.snapshot("scale").state().instances().stream().flatMap(i -> i.gpus().stream())
                    .filter(g -> !g.allocations().isEmpty()).toList();
            assertThat(gpus).isNotEmpty().allSatisfy(g -> {
                assertThat(g.allocations()).isInstanceOf(LazyAllocations.class);
                assertThat(((LazyAllocations) g.allocations()).decoded()).as("decoded").isFalse();
            });
        }
        try (Gpushare gs = open()) { // a read that is not ahead of a plan decodes them as it reads
            assertThat(gs.snapshot("scale").state().instances().getFirst().gpus().getFirst().allocations())
                    .isNotInstanceOf(LazyAllocations.class);
        }
    }

    @Test
    void theOnlyClusterIsReadAheadAsAReadAnswersIt() {
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            var ahead = b.readAhead();
            assertThat(ahead).isPresent();
            assertThat(ahead.get().revision()).isEqualTo(1);
            assertThat(b.read("scale")).as("the kept snapshot, answered while the revision holds").isSameAs(ahead.get());
        }
    }

    @Test
    void aWriteAfterTheReadAheadIsSeenByThePlan() {
        // another process marks the instance unhealthy after the read ahead: revision 2, one replacement
        Runnable mark = () -> {
            try (LocalBackend other = LocalBackend.open(dir.resolve("state"))) {
                other.markUnhealthy("scale", "l4-0", "mps-daemon-unresponsive");
            }
        };
        Plan plan = planAhead(Specs.mpsService(6, 4096), mark, false);
        assertThat(plan.revision()).isEqualTo(2);
        assertThat(plan.actions()).as("the unhealthy instance is replaced").isNotEmpty();
    }

    @Test
    void severalClustersAreNotReadAhead() {
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(Specs.mpsService("other", 2, 4096, 10)));
        }
        // the store holds two clusters: nothing is read ahead, the plan restores its baseline itself
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            assertThat(b.readAhead()).isEmpty();
        }
        assertThat(planAhead(Specs.mpsService(6, 4096), () -> {}, true).actions()).isEmpty();
    }

    @Test
    void aStoreThatCannotBeReadFailsThePlanAsWithoutReadingAhead() throws Exception {
        Path broken = dir.resolve("broken");
        Files.writeString(broken, "not a database, but a file someone wrote over the store");
        BackendException without = null, with;
        try (Gpushare gs = Gpushare.using(LocalBackend.open(broken))) {
            without = catchThrowableOfType(BackendException.class, () -> gs.plan(Specs.mpsService(6, 4096)));
        }
        try (Gpushare gs = Gpushare.using(LocalBackend.open(broken)).readAhead()) {
            with = catchThrowableOfType(BackendException.class, () -> gs.plan(Specs.mpsService(6, 4096)));
        }
        assertThat(without).isNotNull();
        assertThat(with).isNotNull();
        assertThat(with.code()).isEqualTo(without.code());
        assertThat(with.getMessage()).isEqualTo(without.getMessage());
    }

    @Test
    void closingWithoutPlanningWaitsForTheReadAhead() {
        Gpushare gs = open().readAhead();
        gs.close(); // the backend is the read ahead's until it ends: closed after it, without an error
        try (Gpushare again = open().readAhead()) {
            assertThat(again.status("scale").instances()).hasSize(1);
        }
    }
}
