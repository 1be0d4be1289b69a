package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.model.problem.Problem;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The admission decision for one custom resource: the resource is put into its cluster's spec (the
 * other resources as the API server has them, the admitted one replacing its old version) and the
 * spec is checked as {@code gpushare validate} checks a file. The problems that point into the
 * admitted resource refuse it, with their codes and messages; references to a task definition,
 * capacity provider or endpoint not yet created are let through (one {@code kubectl apply -f} of
 * several resources creates them in turn; the controller reports a reference still missing in the
 * status).
 */
public final class Admission {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<ValidationCode> LATER = Set.of(ValidationCode.UNKNOWN_TASK_DEFINITION,
            ValidationCode.UNKNOWN_CAPACITY_PROVIDER, ValidationCode.UNKNOWN_ENDPOINT);

    private Admission() {}

    /** The problems of {@code admitted} in the spec of its cluster (empty: allowed). */
    public static List<String> problems(GenericKubernetesResource admitted, List<GenericKubernetesResource> others) {
        CrdKind k = CrdKind.ofKind(admitted.getKind()).orElse(null);
        if (k == null) return List.of();
        String cluster = SpecResources.clusterOf(admitted);
        List<GenericKubernetesResource> all = new ArrayList<>();
        for (GenericKubernetesResource o : others) {
            boolean same = o.getKind().equals(admitted.getKind()) && o.getMetadata().getName().equals(admitted.getMetadata().getName());
            if (!same) all.add(o);
        }
        all.add(admitted);
        SpecResources.Document doc = SpecResources.document(cluster, all);
        Checked c = Pipeline.check("resources", doc.tree());
        List<String> out = new ArrayList<>();
        for (Problem p : c.problems()) {
            if (p.code() instanceof ValidationCode v && LATER.contains(v)) continue;
            var src = doc.sourceOf(p.path());
            if (src.isEmpty() || src.get().getKey() != admitted) continue;
            out.add(p.code().name() + " at " + src.get().getValue() + ": " + p.message());
        }
        return out;
    }

    /** The AdmissionReview response to an AdmissionReview request (JSON text in, JSON text out). */
    public static String review(String requestJson, java.util.function.Supplier<List<GenericKubernetesResource>> others) {
        JsonNode review = JSON.readTree(requestJson);
        JsonNode request = review.path("request");
        String uid = request.path("uid").asString("");
        List<String> problems;
        JsonNode object = request.get("object");
        if (object == null || object.isNull()) {
            problems = List.of();
        } else {
            GenericKubernetesResource r = Serialization.unmarshal(object.toString(), GenericKubernetesResource.class);
            if (r.getMetadata().getNamespace() == null) r.getMetadata().setNamespace(request.path("namespace").asString(null));
            problems = problems(r, others.get());
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode().put("uid", uid).put("allowed", problems.isEmpty());
        if (!problems.isEmpty()) {
            ObjectNode status = response.putObject("status");
            status.put("code", 422);
            status.put("reason", "Invalid");
            status.put("message", "gpushare: " + String.join("; ", problems));
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
        out.set("response", response);
        return out.toString();
    }

}
