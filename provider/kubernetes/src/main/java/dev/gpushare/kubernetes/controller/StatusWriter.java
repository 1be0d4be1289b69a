package dev.gpushare.kubernetes.controller;

import dev.gpushare.kubernetes.crd.ControllerManifests;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.kubernetes.internal.Keys;
import dev.gpushare.kubernetes.internal.Names;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes a {@link ClusterReport} into the status subresource of each custom resource of the
 * cluster (only when it says something new, so the controller's own writes do not wake it), and
 * an Event on the resource when its Ready or Degraded condition changes.
 */
public final class StatusWriter {
    private final KubernetesClient client;
    private final String namespace;

    public StatusWriter(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    /** Writes the statuses; returns how many resources changed. A failed write is left to the next reconcile. */
    public int write(ClusterReport report, List<GenericKubernetesResource> resources) {
        int changed = 0;
        for (GenericKubernetesResource r : resources) {
            CrdKind k = CrdKind.ofKind(r.getKind()).orElse(null);
            if (k == null || !report.desired().cluster().equals(SpecResources.clusterOf(r))) continue;
            String name = SpecResources.nameOf(k, r);
            String selector = Keys.CLUSTER + "=" + Names.labelValue(report.desired().cluster()) + ","
                    + (k == CrdKind.SERVICE ? Keys.SERVICE : Keys.COMPONENT) + "=" + Names.labelValue(name);
            ClusterReport.ResourceStatus s = report.of(k, name, selector);
            Map<String, Object> old = statusOf(r);
            Map<String, Object> next = render(s, r.getMetadata().getGeneration(), old, report.at());
            if (sameIgnoringTimes(old, next)) continue;
            try {
                client.genericKubernetesResources(ResourceSpecs.context(k)).inNamespace(namespace)
                        .withName(r.getMetadata().getName()).editStatus(x -> {
                            x.setAdditionalProperty("status", next);
                            return x;
                        });
                changed++;
                event(r, old, next);
            } catch (KubernetesClientException e) {
                if (e.getCode() != 404 && e.getCode() != 409) throw e;
            }
        }
        return changed;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> statusOf(GenericKubernetesResource r) {
        Object s = r.getAdditionalProperties().get("status");
        return s instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> condition(Map<String, Object> status, String type) {
        Object cs = status.get("conditions");
        if (cs instanceof List<?> list) {
            for (Object c : list) if (c instanceof Map<?, ?> m && type.equals(m.get("type"))) return (Map<String, Object>) m;
        }
        return null;
    }

    static Map<String, Object> render(ClusterReport.ResourceStatus s, Long generation, Map<String, Object> old, Instant at) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (generation != null) out.put("observedGeneration", generation);
        List<Map<String, Object>> conditions = new ArrayList<>();
        String now = at.truncatedTo(ChronoUnit.SECONDS).toString();
        for (ClusterReport.Condition c : s.conditions()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", c.type());
            m.put("status", c.status());
            m.put("reason", c.reason());
            m.put("message", c.message().length() > 4000 ? c.message().substring(0, 4000) + "…" : c.message());
            if (generation != null) m.put("observedGeneration", generation);
            Map<String, Object> before = condition(old, c.type());
            m.put("lastTransitionTime", before != null && c.status().equals(before.get("status")) && before.get("lastTransitionTime") != null
                    ? before.get("lastTransitionTime") : now);
            conditions.add(m);
        }
        out.put("conditions", conditions);
        if (s.replicas() != null) out.put("replicas", s.replicas());
        if (s.selector() != null) out.put("selector", s.selector());
        if (s.instances() != null) out.put("instances", s.instances());
        if (!s.placed().isEmpty()) out.put("placed", s.placed());
        if (!s.unplaced().isEmpty()) out.put("unplaced", s.unplaced());
        boolean ready = "True".equals(s.conditions().getFirst().status());
        Object lastConverged = old.get("lastConverged");
        if (ready && (lastConverged == null || !"True".equals(statusOf(condition(old, "Ready"))))) lastConverged = now;
        if (lastConverged != null) out.put("lastConverged", lastConverged);
        return out;
    }

    private static String statusOf(Map<String, Object> condition) {
        return condition == null ? null : (String) condition.get("status");
    }

    /** Equal but for the times and numbers' types (the API server gives back longs where we wrote ints). */
    static boolean sameIgnoringTimes(Map<String, Object> a, Map<String, Object> b) {
        return Objects.equals(normalise(a), normalise(b));
    }

    private static Object normalise(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new java.util.TreeMap<>();
            m.forEach((k, v) -> {
                if (!"lastTransitionTime".equals(k) && !"lastConverged".equals(k)) out.put(String.valueOf(k), normalise(v));
            });
            return out;
        }
        if (o instanceof List<?> l) return l.stream().map(StatusWriter::normalise).toList();
        if (o instanceof Number n) return n.longValue();
        return o;
    }

    private void event(GenericKubernetesResource r, Map<String, Object> old, Map<String, Object> next) {
        for (String type : List.of("Ready", "Degraded")) {
            Map<String, Object> before = condition(old, type), after = condition(next, type);
            if (after == null) continue;
            boolean same = before != null && Objects.equals(before.get("status"), after.get("status"))
                    && Objects.equals(before.get("reason"), after.get("reason"));
            if (same) continue;
            boolean bad = type.equals("Ready") != "True".equals(after.get("status"));
            emit(r, bad ? "Warning" : "Normal", (String) after.get("reason"), type + "=" + after.get("status") + ": " + after.get("message"));
        }
    }

    /** An Event on the resource (core/v1, as kubectl describe shows it), from the controller (its Deployment's name). */
    public void emit(GenericKubernetesResource r, String type, String reason, String message) {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        try {
            client.v1().events().inNamespace(namespace).resource(new EventBuilder()
                    .withNewMetadata().withName(r.getMetadata().getName() + "." + UUID.randomUUID().toString().substring(0, 8))
                    .withNamespace(namespace).endMetadata()
                    .withNewInvolvedObject().withApiVersion(r.getApiVersion()).withKind(r.getKind()).withName(r.getMetadata().getName())
                    .withNamespace(namespace).withUid(r.getMetadata().getUid()).withResourceVersion(r.getMetadata().getResourceVersion())
                    .endInvolvedObject()
                    .withType(type).withReason(reason == null ? "Unknown" : reason)
                    .withMessage(message.length() > 1000 ? message.substring(0, 1000) + "…" : message)
                    .withNewSource().withComponent(ControllerManifests.NAME).endSource()
                    .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
                    .build()).create();
        } catch (KubernetesClientException e) {
            // an Event is best effort: never a reason to fail a reconcile
        }
    }
}
