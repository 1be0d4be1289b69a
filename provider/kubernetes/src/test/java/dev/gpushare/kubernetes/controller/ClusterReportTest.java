package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.InstanceSupply;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.model.Spec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The status a reconcile writes, from the plan alone (no cluster). */
class ClusterReportTest {
    private static final Instant AT = Instant.parse("2026-12-03T10:00:00Z");

    private static Plan planWithFreeNodes(int count, int freeNodes) {
        Spec spec = ControllerTest.spec("fleet", count);
        ResolvedSpec resolved = Pipeline.check(spec).orThrow();
        Snapshot empty = new Snapshot(FleetState.empty("fleet"), 0, Map.of(),
                new InstanceSupply(Map.of("g6.12xlarge", freeNodes), "add %1$d nodes labelled node.kubernetes.io/instance-type=%2$s"));
        return Pipeline.plan(resolved, empty);
    }

    private static ClusterReport report(int count, int freeNodes) {
        return report(count, freeNodes, Optional.empty());
    }

    private static ClusterReport report(int count, int freeNodes, Optional<String> waiting) {
        Spec spec = ControllerTest.spec("fleet", count);
        Desired d = new Desired.Valid(Pipeline.check(spec).orThrow(), SpecResources.document("fleet", SpecResources.of(spec, "ns")));
        return new ClusterReport(d, new Convergence.Turn(planWithFreeNodes(count, freeNodes), Optional.empty(), Map.of(), Optional.empty(),
                waiting), null, null, AT);
    }

    @Test
    void enoughNodesIsReadyWithEveryCopyPlaced() {
        // 10 copies at 8 per g6.12xlarge: 2 nodes
        ClusterReport.ResourceStatus s = report(10, 2).of(CrdKind.SERVICE, "embedder", "sel");
        assertThat(s.conditions()).extracting(ClusterReport.Condition::type, ClusterReport.Condition::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Ready", "True"), org.assertj.core.groups.Tuple.tuple("Progressing", "False"),
                        org.assertj.core.groups.Tuple.tuple("Degraded", "False"));
        assertThat(s.replicas()).isEqualTo(10);
        assertThat(s.selector()).isEqualTo("sel");
        assertThat(s.placed()).hasSize(10);
        assertThat(report(10, 2).of(CrdKind.CAPACITY_PROVIDER, "l4-mps", "sel").instances()).isEqualTo(2);
    }

    @Test
    void tooFewNodesIsDegradedNamingCountAndType() {
        // 20 copies need 3 nodes, 2 are free: 16 placed, 4 unplaced, 1 node to add
        ClusterReport r = report(20, 2);
        ClusterReport.ResourceStatus s = r.of(CrdKind.SERVICE, "embedder", "sel");
        assertThat(s.replicas()).isEqualTo(16);
        assertThat(s.unplaced()).hasSize(4);
        ClusterReport.Condition degraded = s.conditions().get(2);
        assertThat(degraded.status()).isEqualTo("True");
        assertThat(degraded.reason()).isEqualTo("NO_FREE_NODE");
        assertThat(degraded.message()).startsWith("4 copies not placed").contains("add 1 nodes labelled node.kubernetes.io/instance-type=g6.12xlarge");
        // the capacity provider says the same about the services on it
        assertThat(r.of(CrdKind.CAPACITY_PROVIDER, "l4-mps", "sel").conditions().get(2).reason()).isEqualTo("NO_FREE_NODE");
    }

    @Test
    void waitingForADeletionKeepsDegradedSayingWhichCopiesAreNotPlaced() {
        // the same 20 copies on 2 free nodes, the turn waiting for a claim to finish deleting: Progressing
        // says what it waits for; Degraded still names the 4 unplaced copies and the node to add (its
        // message used to be the waiting text under the reason NO_FREE_NODE)
        ClusterReport.ResourceStatus s = report(20, 2, Optional.of("ResourceClaim fleet-l4-mps-1-gpu0 to finish deleting"))
                .of(CrdKind.SERVICE, "embedder", "sel");
        assertThat(s.conditions()).extracting(ClusterReport.Condition::type, ClusterReport.Condition::reason)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Ready", "Waiting"), org.assertj.core.groups.Tuple.tuple("Progressing", "Waiting"),
                        org.assertj.core.groups.Tuple.tuple("Degraded", "NO_FREE_NODE"));
        assertThat(s.conditions().get(1).message()).isEqualTo("waiting for ResourceClaim fleet-l4-mps-1-gpu0 to finish deleting");
        assertThat(s.conditions().get(2).message()).startsWith("4 copies not placed")
                .contains("add 1 nodes labelled node.kubernetes.io/instance-type=g6.12xlarge");
        // waiting with every copy placed: not degraded
        assertThat(report(10, 2, Optional.of("a claim")).of(CrdKind.SERVICE, "embedder", "sel").conditions().get(2))
                .isEqualTo(new ClusterReport.Condition("Degraded", "False", "AsPlanned", "every copy is placed"));
    }

    @Test
    void anInvalidSpecPutsTheProblemOnItsResource() {
        Spec spec = ControllerTest.spec("fleet", 4);
        var resources = SpecResources.of(spec, "ns");
        // the service names a task definition that does not exist
        @SuppressWarnings("unchecked")
        Map<String, Object> svc = (Map<String, Object>) resources.stream().filter(x -> x.getKind().equals("GpuService")).findFirst().orElseThrow()
                .getAdditionalProperties().get("spec");
        svc.put("taskDefinition", "nope");
        var doc = SpecResources.document("fleet", resources);
        var checked = Pipeline.check("resources", doc.tree());
        ClusterReport r = new ClusterReport(new Desired.Invalid("fleet", checked.problems(), doc), null, null, null, AT);
        ClusterReport.Condition ready = r.of(CrdKind.SERVICE, "embedder", "sel").conditions().getFirst();
        assertThat(ready.reason()).isEqualTo("UNKNOWN_TASK_DEFINITION");
        assertThat(ready.message()).contains("/spec/taskDefinition");
        ClusterReport.Condition other = r.of(CrdKind.CAPACITY_PROVIDER, "l4-mps", "sel").conditions().getFirst();
        assertThat(other.reason()).isEqualTo("SpecInvalid");
        assertThat(other.message()).contains("GpuService/embedder");
    }

    @Test
    void theStatusKeepsTransitionTimesAndIsNotRewrittenWhenNothingChanged() {
        ClusterReport.ResourceStatus s = report(10, 2).of(CrdKind.SERVICE, "embedder", "sel");
        Map<String, Object> first = StatusWriter.render(s, 3L, Map.of(), AT);
        Map<String, Object> again = StatusWriter.render(s, 3L, first, AT.plusSeconds(60));
        assertThat(again).isEqualTo(first);
        assertThat(StatusWriter.sameIgnoringTimes(first, again)).isTrue();
        assertThat(StatusWriter.sameIgnoringTimes(first, StatusWriter.render(s, 4L, first, AT))).as("a new generation is news").isFalse();
        assertThat(((List<?>) first.get("conditions"))).hasSize(3);
    }
}
