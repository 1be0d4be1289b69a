package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.local.internal.SpecDigestTest;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local backend keeps the spec of its last converged apply with its stored snapshot, so that a
 * fresh process (each {@code gpushare} command is one) plans from it through the change-set path,
 * with the full path's plan byte for byte — and never at any other revision than the one it was
 * kept for.
 *
 * <p>The spec: one service of 6 copies × 4,096 MiB MPS on g6.12xlarge (5 such copies per L4), so
 * one instance holds all 6: 1 launch + 6 places = 7 actions at revision 1.
 */
class StoredConvergedSpecTest {
    @TempDir Path dir;

    private Gpushare open() {
        return Gpushare.using(LocalBackend.open(dir.resolve("state")));
    }

    /** Plans {@code spec} in a fresh process and checks the plan is the full path's; true when it followed the change. */
    private boolean planFresh(Spec spec) {
        try (Gpushare gs = open()) {
            Plan plan = gs.plan(spec);
            Plan full = Planner.plan(Pipeline.check(spec).orThrow(), gs.snapshot("scale"));
            assertThat(PlanJson.toJson(plan)).isEqualTo(PlanJson.toJson(full));
            return gs.lastPlanFollowedChange();
        }
    }

    @Test
    void aFreshProcessPlansFromTheLastConvergedApply() {
        Spec six = Specs.mpsService(6, 4096);
        try (Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(six))).isEqualTo(new ApplyOutcome.Applied(1, 7));
        }
        assertThat(planFresh(six)).as("no change: the change-set path").isTrue();
        // 6 → 9 copies: 3 more places on the same instance (room for 20), planned from the stored baseline
        assertThat(planFresh(Specs.mpsService(9, 4096))).as("one service changed: the change-set path").isTrue();
        // an apply through the change-set path keeps the next baseline too
        try (Gpushare gs = open()) {
            Plan nine = gs.plan(Specs.mpsService(9, 4096));
            assertThat(gs.lastPlanFollowedChange()).isTrue();
            assertThat(gs.apply(nine)).isEqualTo(new ApplyOutcome.Applied(2, 3));
        }
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
    }

    @Test
    void aWriteAfterTheConvergedApplyIsNeverPlannedFromIt() {
        Spec six = Specs.mpsService(6, 4096);
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        // a health mark by another process moves the revision: the kept spec is for revision 1 only
        try (LocalBackend other = LocalBackend.open(dir.resolve("state"))) {
            other.markUnhealthy("scale", "l4-0", "mps-daemon-unresponsive");
        }
        assertThat(planFresh(six)).as("revision 2 has no converged spec: the full path").isFalse();
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            assertThat(b.convergedSpecs().orElseThrow().convergedAt("scale", 1, null)).as("kept, for its own revision only").isPresent();
            assertThat(b.convergedSpecs().orElseThrow().convergedAt("scale", 2, null)).isEmpty();
        }
    }

    @Test
    void aDestroyRemovesIt() {
        Spec six = Specs.mpsService(6, 4096);
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        try (Gpushare gs = open()) {
            assertThat(gs.destroy("scale")).isTrue();
        }
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            assertThat(b.convergedSpecs().orElseThrow().convergedAt("scale", 1, null)).isEmpty();
        }
        try (Gpushare gs = open()) {
            gs.plan(six);
            assertThat(gs.lastPlanFollowedChange()).isFalse();
        }
    }

    /** A process killed before closing leaves no converged spec (it is written with the snapshot, at close): the full path runs. */
    @Test
    void aProcessThatDidNotCloseLeavesNone() {
        Spec six = Specs.mpsService(6, 4096);
        Gpushare crashed = open();
        crashed.apply(crashed.plan(six)); // never closed, as a killed process
        assertThat(planFresh(six)).isFalse();
    }

    /** A row without a digest (an older version wrote it, or made the table before the column) or with another encoding's: read by its document, as before. */
    @Test
    void aStoredSpecWithoutItsDigestIsStillPlannedFrom() throws Exception {
        Spec six = Specs.mpsService(6, 4096);
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        assertThat(column("SELECT digest FROM converged")).as("kept with its digest").isNotNull();
        sql("UPDATE converged SET digest = 'sd0:' || substr(digest, 5)"); // another encoding's: compared by document
        assertThat(planFresh(six)).isTrue();
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
        sql("UPDATE converged SET digest = NULL");
        assertThat(planFresh(six)).isTrue();
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
        sql("ALTER TABLE converged DROP COLUMN digest");
        assertThat(planFresh(six)).isTrue();
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
        // the next converged apply adds the column back
        try (Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(Specs.mpsService(9, 4096)))).isEqualTo(new ApplyOutcome.Applied(2, 3));
        }
        assertThat(column("SELECT digest FROM converged")).isNotNull();
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
    }

    /** A planned spec whose record text (and so the plan's specHash) is the stored one's is still not taken for it. */
    @Test
    void aSpecThatOnlyPrintsLikeTheStoredOneIsNotIt() {
        Spec stored = SpecDigestTest.withCommand("[\"serve, --fast\"]");
        Spec planned = SpecDigestTest.withCommand("[serve, --fast]");
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(stored));
        }
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            assertThat(b.convergedSpecs().orElseThrow().convergedAt("scale", 1, planned)).contains(stored);
            assertThat(b.convergedSpecs().orElseThrow().convergedAt("scale", 1, stored)).containsSame(stored);
        }
    }

    /**
     * The placement nodes are kept with the converged spec, at its revision only: a fresh process
     * reads them back with it; at any other revision neither is answered.
     */
    @Test
    void theNodesAreKeptWithItAtItsRevisionOnly() throws Exception {
        Spec six = Specs.mpsService(6, 4096);
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        assertThat(column("SELECT revision FROM converged_nodes WHERE cluster = 'scale'")).isEqualTo("1");
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            var kept = b.convergedSpecs().orElseThrow();
            assertThat(kept.convergedAt("scale", 1, six)).containsSame(six);
            assertThat(kept.nodesAt("scale", 1)).as("read with the spec").isPresent();
            assertThat(kept.nodesAt("scale", 2)).isEmpty();
        }
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
        try (LocalBackend other = LocalBackend.open(dir.resolve("state"))) {
            other.markUnhealthy("scale", "l4-0", "mps-daemon-unresponsive");
        }
        try (LocalBackend b = LocalBackend.open(dir.resolve("state"))) {
            var kept = b.convergedSpecs().orElseThrow();
            assertThat(kept.convergedAt("scale", 2, six)).isEmpty();
            assertThat(kept.nodesAt("scale", 2)).as("the record is for revision 1").isEmpty();
        }
        // the next converged apply (the full path: an unhealthy instance) keeps the next record
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        long revision = Long.parseLong(column("SELECT revision FROM converged"));
        assertThat(column("SELECT revision FROM converged_nodes WHERE cluster = 'scale'")).isEqualTo(Long.toString(revision));
        assertThat(planFresh(Specs.mpsService(9, 4096))).isTrue();
    }

    /**
     * A record cut short (as a write that never finished would leave it, were it not one
     * transaction), altered so that it no longer fits the instances, of another revision, or gone:
     * never trusted; the nodes are worked out again and the plan is still the full path's, through
     * the change-set path.
     */
    @Test
    void aDamagedStaleOrMissingNodeRecordFallsBackToRebuilding() throws Exception {
        Spec six = Specs.mpsService(6, 4096);
        Spec nine = Specs.mpsService(9, 4096);
        try (Gpushare gs = open()) {
            gs.apply(gs.plan(six));
        }
        sql("UPDATE converged_nodes SET doc = substr(doc, 1, length(doc) - 5)");
        assertThat(planFresh(nine)).isTrue();
        sql("UPDATE converged_nodes SET doc = zeroblob(40)");
        assertThat(planFresh(nine)).isTrue();
        sql("UPDATE converged_nodes SET revision = 0");
        assertThat(planFresh(nine)).isTrue();
        sql("DELETE FROM converged_nodes");
        assertThat(planFresh(nine)).isTrue();
        sql("DROP TABLE converged_nodes");
        assertThat(planFresh(nine)).isTrue();
    }

    private void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("state").toAbsolutePath());
             Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    private String column(String query) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("state").toAbsolutePath());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }
}
