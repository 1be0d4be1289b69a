package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.model.Service;
import dev.gpushare.model.problem.Problem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one reconcile of a cluster found, in the terms of a resource's status: per custom resource
 * its conditions (Ready, Progressing, Degraded, the reasons placement codes), placed and unplaced
 * copies. Pure: built from the desired state, the turn, or the failure.
 *
 * @param desired the cluster's desired state as the source had it
 * @param turn    the turn made, or {@code null} when the spec is invalid or the backend failed
 * @param failure why the turn failed (a backend error), or {@code null}
 */
public record ClusterReport(Desired desired, Convergence.Turn turn, String failureCode, String failure, Instant at) {

    /** One condition of a status. */
    public record Condition(String type, String status, String reason, String message) {}

    /** What a resource's status says, before the bookkeeping (generation, transition times). */
    public record ResourceStatus(List<Condition> conditions, Integer replicas, String selector, Integer instances,
                                 List<Map<String, Object>> placed, List<Map<String, Object>> unplaced) {}

    public ResourceStatus of(CrdKind k, String name, String selector) {
        if (desired instanceof Desired.Invalid inv) return invalid(k, name, inv);
        if (turn == null) {
            String msg = "the backend failed: " + failure + "; retrying with backoff";
            return new ResourceStatus(List.of(
                    new Condition("Ready", "Unknown", failureCode, msg),
                    new Condition("Progressing", "True", failureCode, msg),
                    new Condition("Degraded", "True", failureCode, msg)), null, selector, null, List.of(), List.of());
        }
        FleetState state = turn.plan().desired();
        List<Map<String, Object>> placed = new ArrayList<>();
        List<Map<String, Object>> unplaced = new ArrayList<>();
        Integer replicas = null, instances = null;
        List<String> groups = new ArrayList<>();
        if (k == CrdKind.SERVICE || k == CrdKind.INFERENCE_COMPONENT) {
            groups.add(name);
            Map<TaskId, String> where = new TreeMap<>();
            for (Instance i : state.instances()) {
                for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) if (a.task().group().equals(name)) where.putIfAbsent(a.task(), i.id().toString());
            }
            where.forEach((t, i) -> placed.add(Map.of("copy", t.toString(), "instance", i)));
            replicas = where.size();
        } else if (k == CrdKind.CAPACITY_PROVIDER || k == CrdKind.ENDPOINT) {
            instances = (int) state.instances().stream().filter(i -> i.owner().name().equals(name)).count();
            ResolvedCopy.groupsOn(desired, k, name, groups);
        }
        for (Unplaced u : state.unplaced()) {
            if (groups.contains(u.task().group())) {
                unplaced.add(Map.of("copy", u.task().toString(), "code", u.code().name(), "message", u.message()));
            }
        }
        List<Condition> conditions = new ArrayList<>();
        Optional<ApplyOutcome> outcome = turn.outcome();
        String applied = outcome.filter(o -> o instanceof ApplyOutcome.Applied).map(o -> "applied "
                + ((ApplyOutcome.Applied) o).actions() + " actions, revision " + ((ApplyOutcome.Applied) o).revision()).orElse("nothing to change");
        if (outcome.isPresent() && outcome.get() instanceof ApplyOutcome.Refused r) {
            Problem p = r.problems().getFirst();
            String msg = "the backend refused the plan: " + p.path() + ": " + p.message();
            conditions.add(new Condition("Ready", "False", p.code().name(), msg));
            conditions.add(new Condition("Progressing", "True", p.code().name(), msg));
            conditions.add(new Condition("Degraded", "True", p.code().name(), msg));
        } else if (outcome.isPresent() && outcome.get() instanceof ApplyOutcome.Conflict) {
            String msg = "another writer changed the cluster meanwhile; planning again";
            conditions.add(new Condition("Ready", "False", "RevisionConflict", msg));
            conditions.add(new Condition("Progressing", "True", "RevisionConflict", msg));
            conditions.add(degraded(unplaced));
        } else if (turn.waiting().isPresent()) {
            String msg = "waiting for " + turn.waiting().get();
            conditions.add(new Condition("Ready", "False", "Waiting", msg));
            conditions.add(new Condition("Progressing", "True", "Waiting", msg));
            conditions.add(degraded(unplaced));
        } else if (!unplaced.isEmpty()) {
            Condition degraded = degraded(unplaced);
            conditions.add(new Condition("Ready", "False", degraded.reason(), degraded.message()));
            conditions.add(new Condition("Progressing", "False", "Converged", applied + "; the rest waits for capacity"));
            conditions.add(degraded);
        } else {
            conditions.add(new Condition("Ready", "True", "Converged", applied));
            conditions.add(new Condition("Progressing", "False", "Converged", applied));
            conditions.add(degraded(unplaced));
        }
        return new ResourceStatus(conditions, replicas, replicas == null ? null : selector, instances, placed, unplaced);
    }

    /**
     * Degraded says whether every copy is placed and, when not, why, in the same terms however the
     * turn ended (applied, waiting for a deletion, a conflict): how many, and the first unplaced
     * copy's code and message. (Progressing carries what the turn is waiting for.)
     */
    private static Condition degraded(List<Map<String, Object>> unplaced) {
        if (unplaced.isEmpty()) return new Condition("Degraded", "False", "AsPlanned", "every copy is placed");
        return new Condition("Degraded", "True", (String) unplaced.getFirst().get("code"),
                unplaced.size() + " copies not placed: " + unplaced.getFirst().get("message"));
    }

    private ResourceStatus invalid(CrdKind k, String name, Desired.Invalid inv) {
        List<String> mine = new ArrayList<>(), elsewhere = new ArrayList<>();
        String code = null;
        for (Problem p : inv.problems()) {
            var src = inv.document() == null ? Optional.<Map.Entry<io.fabric8.kubernetes.api.model.GenericKubernetesResource, String>>empty()
                    : inv.document().sourceOf(p.path());
            boolean isMine = src.isPresent() && src.get().getKey().getKind().equals(k.kind())
                    && dev.gpushare.kubernetes.crd.SpecResources.nameOf(k, src.get().getKey()).equals(name);
            if (isMine) {
                if (code == null) code = p.code().name();
                mine.add(src.get().getValue() + ": " + p.message() + " [" + p.code().name() + "]");
            } else {
                elsewhere.add((src.map(s -> s.getKey().getKind() + "/" + s.getKey().getMetadata().getName() + " " + s.getValue())
                        .orElse(p.path())) + ": " + p.message() + " [" + p.code().name() + "]");
            }
        }
        String msg = !mine.isEmpty() ? String.join("; ", mine)
                : "the cluster's spec has problems elsewhere, nothing is applied until they are fixed: " + String.join("; ", elsewhere);
        String reason = code != null ? code : "SpecInvalid";
        return new ResourceStatus(List.of(
                new Condition("Ready", "False", reason, msg),
                new Condition("Progressing", "False", reason, msg),
                new Condition("Degraded", "True", reason, msg)), null, null, null, List.of(), List.of());
    }

    /** Which services or components run on a capacity provider or endpoint. */
    static final class ResolvedCopy {
        private ResolvedCopy() {}

        static void groupsOn(Desired d, CrdKind k, String owner, List<String> out) {
            if (!(d instanceof Desired.Valid v)) return;
            if (k == CrdKind.CAPACITY_PROVIDER) {
                for (Service s : v.spec().spec().services()) if (s.capacityProvider().equals(owner)) out.add(s.name());
            } else {
                for (var ic : v.spec().spec().inferenceComponents()) if (ic.endpoint().equals(owner)) out.add(ic.name());
            }
        }
    }
}
