package dev.gpushare.kubernetes.crd;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A spec as custom resources and back ({@code gpushare render resources}; the controller without
 * {@code --spec}). Each element of a spec section is one resource of its {@link CrdKind}; its
 * {@code spec} is the element as the spec document writes it. The element's name becomes {@code
 * metadata.name} when it is a valid object name (lower case, digits, '-' and '.'), and stays in
 * {@code spec} otherwise; the gpushare cluster is the label {@code gpushare.dev/cluster}, the
 * namespace's name when absent.
 *
 * <p>Read back, a section lists its elements by name (the API server's order is by object name):
 * the spec is the same up to the order within a section. {@code instanceTypes} and {@code pricing}
 * have no kind; a spec that needs them is given to the controller with {@code --spec}.
 */
public final class SpecResources {
    public static final String CLUSTER_LABEL = "gpushare.dev/cluster";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern OBJECT_NAME = Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");

    private SpecResources() {}

    /** The resources of {@code spec} in {@code namespace}, in apply order (capacity providers first). */
    public static List<GenericKubernetesResource> of(Spec spec, String namespace) {
        ObjectNode doc = SpecWriter.toTree(spec);
        List<GenericKubernetesResource> out = new ArrayList<>();
        for (CrdKind k : CrdKind.ALL) {
            for (JsonNode element : doc.path(k.section()).values()) {
                ObjectNode body = (ObjectNode) element.deepCopy();
                String name = body.get(k.nameField()).asString();
                String objectName = objectName(name);
                if (objectName.equals(name)) body.remove(k.nameField());
                out.add(new GenericKubernetesResourceBuilder().withApiVersion(CrdKind.API_VERSION).withKind(k.kind())
                        .withNewMetadata().withName(objectName).withNamespace(namespace)
                        .withLabels(Map.of(CLUSTER_LABEL, spec.cluster())).endMetadata()
                        .addToAdditionalProperties("spec", JSON.convertValue(body, Map.class)).build());
            }
        }
        return out;
    }

    /** The resources as a multi-document YAML, equal input, equal bytes. */
    public static String yaml(List<GenericKubernetesResource> resources) {
        StringBuilder out = new StringBuilder();
        for (GenericKubernetesResource r : resources) {
            String doc = Serialization.asYaml(r);
            out.append(doc.startsWith("---") ? doc : "---\n" + doc);
            if (!doc.endsWith("\n")) out.append('\n');
        }
        return out.toString();
    }

    /** {@code name} itself when it is a valid object name, else a lower-case form with a hash of it. */
    public static String objectName(String name) {
        if (name.length() <= 253 && OBJECT_NAME.matcher(name).matches()) return name;
        String base = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]", "-").replaceAll("^[^a-z0-9]+", "");
        if (base.length() > 40) base = base.substring(0, 40);
        base = base.replaceAll("[^a-z0-9]+$", "");
        return (base.isEmpty() ? "x" : base) + "-" + hash(name);
    }

    private static String hash(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8))).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cluster a resource belongs to: its {@code gpushare.dev/cluster} label, else its namespace. */
    public static String clusterOf(GenericKubernetesResource r) {
        Map<String, String> labels = r.getMetadata().getLabels();
        String c = labels == null ? null : labels.get(CLUSTER_LABEL);
        return c != null && !c.isBlank() ? c : r.getMetadata().getNamespace();
    }

    /** The gpushare name of a resource: its name field, else {@code metadata.name}. */
    public static String nameOf(CrdKind k, GenericKubernetesResource r) {
        Object spec = r.getAdditionalProperties().get("spec");
        if (spec instanceof Map<?, ?> m && m.get(k.nameField()) instanceof String s) return s;
        return r.getMetadata().getName();
    }

    /**
     * A spec document of the resources of one cluster, and which resource each section entry came
     * from (to put a problem's path on its resource).
     */
    public record Document(ObjectNode tree, Map<String, List<GenericKubernetesResource>> sources) {
        /** The resource a problem path such as {@code /services/2/desiredCount} points into, and the rest of the path. */
        public Optional<Map.Entry<GenericKubernetesResource, String>> sourceOf(String path) {
            if (path == null) return Optional.empty();
            String[] parts = path.split("/", 4);
            if (parts.length < 3) return Optional.empty();
            List<GenericKubernetesResource> list = sources.get(parts[1]);
            if (list == null) return Optional.empty();
            try {
                int i = Integer.parseInt(parts[2]);
                if (i < 0 || i >= list.size()) return Optional.empty();
                return Optional.of(Map.entry(list.get(i), parts.length > 3 ? "/spec/" + parts[3] : "/spec"));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        public String json() {
            return tree.toString();
        }
    }

    /** The document of {@code resources} (any kinds; those of other clusters ignored), sections ordered by name. */
    public static Document document(String cluster, List<GenericKubernetesResource> resources) {
        ObjectNode doc = NODES.objectNode();
        doc.put("apiVersion", Spec.API_VERSION);
        doc.put("cluster", cluster);
        Map<String, List<GenericKubernetesResource>> sources = new LinkedHashMap<>();
        for (CrdKind k : CrdKind.ALL) {
            List<GenericKubernetesResource> mine = new ArrayList<>();
            for (GenericKubernetesResource r : resources) {
                if (k.kind().equals(r.getKind()) && cluster.equals(clusterOf(r)) && r.getMetadata().getDeletionTimestamp() == null) mine.add(r);
            }
            if (mine.isEmpty()) continue;
            mine.sort(Comparator.comparing((GenericKubernetesResource r) -> nameOf(k, r)).thenComparing(r -> r.getMetadata().getName()));
            ArrayNode section = NODES.arrayNode();
            for (GenericKubernetesResource r : mine) section.add(element(k, r));
            doc.set(k.section(), section);
            sources.put(k.section(), mine);
        }
        return new Document(doc, sources);
    }

    /** The section entry of one resource: its spec with the name field first. */
    public static ObjectNode element(CrdKind k, GenericKubernetesResource r) {
        Object spec = r.getAdditionalProperties().get("spec");
        JsonNode body = spec == null ? NODES.objectNode() : JSON.valueToTree(spec);
        ObjectNode out = NODES.objectNode();
        out.put(k.nameField(), body.has(k.nameField()) && body.get(k.nameField()).isString()
                ? body.get(k.nameField()).asString() : r.getMetadata().getName());
        if (body.isObject()) {
            for (Map.Entry<String, JsonNode> e : body.properties()) if (!e.getKey().equals(k.nameField())) out.set(e.getKey(), e.getValue());
        }
        return out;
    }
}
