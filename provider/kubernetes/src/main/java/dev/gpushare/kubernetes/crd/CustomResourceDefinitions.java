package dev.gpushare.kubernetes.crd;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The CustomResourceDefinitions of {@code gpushare.dev/v1} ({@code gpushare render crds}): per
 * kind, {@code spec} is the structural schema of its gpushare.schema.json entry (its name field
 * optional: {@code metadata.name} names it when absent), {@code status} what the controller writes
 * (observedGeneration, conditions Ready/Progressing/Degraded, placed and unplaced copies); status
 * subresource on every kind, scale subresource on GpuService ({@code spec.desiredCount}) and
 * GpuInferenceComponent ({@code spec.copyCount}). Plus the ValidatingWebhookConfiguration that
 * sends every create and update to the controller's webhook.
 */
public final class CustomResourceDefinitions {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The path the controller serves admission reviews on. */
    public static final String WEBHOOK_PATH = "/validate";
    public static final String WEBHOOK_NAME = "validate.gpushare.dev";

    private CustomResourceDefinitions() {}

    public static List<CustomResourceDefinition> all() {
        OpenApiSchema schema = OpenApiSchema.builtIn();
        List<CustomResourceDefinition> out = new ArrayList<>();
        for (CrdKind k : CrdKind.ALL) out.add(Serialization.unmarshal(crd(k, schema).toString(), CustomResourceDefinition.class));
        return out;
    }

    /** The CRDs, then the webhook configuration pointing at the controller's Service {@code namespace/service}. */
    public static List<HasMetadata> withWebhook(String namespace, String service, String caBundleBase64) {
        List<HasMetadata> out = new ArrayList<>(all());
        ObjectNode svc = NODES.objectNode().put("namespace", namespace).put("name", service).put("path", WEBHOOK_PATH).put("port", 443);
        out.add(webhook(NODES.objectNode().<ObjectNode>set("service", svc), caBundleBase64));
        return out;
    }

    /**
     * The webhook configuration calling {@code url} directly (a controller outside the cluster;
     * tests), named {@code name}, for the namespace {@code onlyNamespace} alone when it is given.
     */
    public static ValidatingWebhookConfiguration webhookAt(String url, String caBundleBase64, String name, String onlyNamespace) {
        ValidatingWebhookConfiguration c = webhook(NODES.objectNode().put("url", url), caBundleBase64);
        c.getMetadata().setName(name);
        if (onlyNamespace != null) {
            c.getWebhooks().getFirst().setNamespaceSelector(new io.fabric8.kubernetes.api.model.LabelSelectorBuilder()
                    .addToMatchLabels("kubernetes.io/metadata.name", onlyNamespace).build());
        }
        return c;
    }

    private static ValidatingWebhookConfiguration webhook(ObjectNode clientConfig, String caBundleBase64) {
        if (caBundleBase64 != null) clientConfig.put("caBundle", caBundleBase64);
        ObjectNode rule = NODES.objectNode();
        rule.set("apiGroups", NODES.arrayNode().add(CrdKind.GROUP));
        rule.set("apiVersions", NODES.arrayNode().add(CrdKind.VERSION));
        rule.set("operations", NODES.arrayNode().add("CREATE").add("UPDATE"));
        ArrayNode resources = NODES.arrayNode();
        for (CrdKind k : CrdKind.ALL) resources.add(k.plural());
        rule.set("resources", resources);
        rule.put("scope", "Namespaced");
        ObjectNode hook = NODES.objectNode().put("name", WEBHOOK_NAME);
        hook.set("clientConfig", clientConfig);
        hook.set("rules", NODES.arrayNode().add(rule));
        hook.set("admissionReviewVersions", NODES.arrayNode().add("v1"));
        hook.put("sideEffects", "None");
        hook.put("failurePolicy", "Fail");
        hook.put("timeoutSeconds", 10);
        ObjectNode cfg = NODES.objectNode().put("apiVersion", "admissionregistration.k8s.io/v1")
                .put("kind", "ValidatingWebhookConfiguration");
        cfg.set("metadata", NODES.objectNode().put("name", "gpushare-validate"));
        cfg.set("webhooks", NODES.arrayNode().add(hook));
        return Serialization.unmarshal(cfg.toString(), ValidatingWebhookConfiguration.class);
    }

    static ObjectNode crd(CrdKind k, OpenApiSchema schema) {
        ObjectNode spec = schema.definition(k.definition());
        // the name field is optional: metadata.name stands for it when it is a valid object name
        if (spec.has("required")) {
            ArrayNode required = NODES.arrayNode();
            for (var r : spec.get("required").values()) if (!r.asString().equals(k.nameField())) required.add(r);
            spec.set("required", required);
        }
        ObjectNode open = NODES.objectNode().put("type", "object");
        open.put("description", "A " + k.kind() + " of gpushare: one entry of a spec's " + k.section()
                + " section. The gpushare cluster is the label gpushare.dev/cluster (default: the namespace's name).");
        ObjectNode props = NODES.objectNode();
        props.set("spec", spec);
        props.set("status", status(k));
        open.set("properties", props);
        open.set("required", NODES.arrayNode().add("spec"));

        ObjectNode version = NODES.objectNode().put("name", CrdKind.VERSION).put("served", true).put("storage", true);
        version.set("schema", NODES.objectNode().set("openAPIV3Schema", open));
        ObjectNode sub = NODES.objectNode();
        sub.set("status", NODES.objectNode());
        if (k.countField() != null) {
            sub.set("scale", NODES.objectNode().put("specReplicasPath", ".spec." + k.countField())
                    .put("statusReplicasPath", ".status.replicas").put("labelSelectorPath", ".status.selector"));
        }
        version.set("subresources", sub);
        ArrayNode cols = NODES.arrayNode();
        for (CrdKind.Column c : k.columns()) cols.add(NODES.objectNode().put("name", c.name()).put("type", c.type()).put("jsonPath", c.jsonPath()));
        version.set("additionalPrinterColumns", cols);

        ObjectNode names = NODES.objectNode().put("kind", k.kind()).put("listKind", k.kind() + "List")
                .put("plural", k.plural()).put("singular", k.singular());
        names.set("shortNames", NODES.arrayNode().add(k.shortName()));
        names.set("categories", NODES.arrayNode().add("gpushare"));
        ObjectNode crdSpec = NODES.objectNode().put("group", CrdKind.GROUP).put("scope", "Namespaced");
        crdSpec.set("names", names);
        crdSpec.set("versions", NODES.arrayNode().add(version));
        ObjectNode crd = NODES.objectNode().put("apiVersion", "apiextensions.k8s.io/v1").put("kind", "CustomResourceDefinition");
        crd.set("metadata", NODES.objectNode().put("name", k.crdName())
                .set("labels", NODES.objectNode().put("app.kubernetes.io/part-of", "gpushare")));
        crd.set("spec", crdSpec);
        return crd;
    }

    private static ObjectNode status(CrdKind k) {
        ObjectNode p = NODES.objectNode();
        p.set("observedGeneration", integer("The metadata.generation the controller last acted on."));
        ObjectNode cond = NODES.objectNode().put("type", "object");
        ObjectNode cp = NODES.objectNode();
        cp.set("type", string("Ready, Progressing or Degraded."));
        cp.set("status", string("True, False or Unknown."));
        cp.set("reason", string("A placement code (e.g. NO_FREE_NODE) or Converged, Applying, Invalid."));
        cp.set("message", string("What happened, and what to do."));
        cp.set("observedGeneration", integer("The generation this condition is about."));
        cp.set("lastTransitionTime", string("When status last changed (RFC 3339).").put("format", "date-time"));
        cond.set("properties", cp);
        cond.set("required", NODES.arrayNode().add("type").add("status"));
        ObjectNode conds = NODES.objectNode().put("type", "array").put("x-kubernetes-list-type", "map");
        conds.set("x-kubernetes-list-map-keys", NODES.arrayNode().add("type"));
        conds.set("items", cond);
        p.set("conditions", conds);
        p.set("replicas", integer("Copies placed (the scale subresource's status replicas)."));
        p.set("selector", string("The label selector of the copies' pods (for a HorizontalPodAutoscaler)."));
        p.set("instances", integer("Instances (nodes) of this pool or endpoint."));
        ObjectNode placedItem = NODES.objectNode().put("type", "object");
        ObjectNode pp = NODES.objectNode();
        pp.set("copy", string("The copy, e.g. embedder/3."));
        pp.set("instance", string("The instance it runs on."));
        placedItem.set("properties", pp);
        p.set("placed", NODES.objectNode().put("type", "array").put("description", "The copies placed and their instances.")
                .set("items", placedItem));
        ObjectNode unplacedItem = NODES.objectNode().put("type", "object");
        ObjectNode up = NODES.objectNode();
        up.set("copy", string("The copy left out."));
        up.set("code", string("The placement code, e.g. NO_FREE_NODE."));
        up.set("message", string("Why, and what to add."));
        unplacedItem.set("properties", up);
        p.set("unplaced", NODES.objectNode().put("type", "array").put("description", "The copies that could not be placed, with why.")
                .set("items", unplacedItem));
        p.set("lastConverged", string("When the cluster last converged (RFC 3339).").put("format", "date-time"));
        ObjectNode status = NODES.objectNode().put("type", "object").put("description", "Written by the gpushare controller.");
        status.set("properties", p);
        return status;
    }

    private static ObjectNode string(String description) {
        return NODES.objectNode().put("type", "string").put("description", description);
    }

    private static ObjectNode integer(String description) {
        return NODES.objectNode().put("type", "integer").put("description", description);
    }
}
