package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.DeclaredResources;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.node.ObjectNode;

/**
 * The declared resources of the Pulumi provider, kept in the cluster's state ConfigMap
 * ({@code declared.json}: key → the fragment's text, written and read only here, at the store).
 */
public final class ConfigMapDeclared implements DeclaredResources {
    private static final TypeReference<TreeMap<String, String>> MAP = new TypeReference<>() {};
    private static final int ATTEMPTS = 10;
    private final StateStore store;

    public ConfigMapDeclared(StateStore store) {
        this.store = store;
    }

    @Override
    public SortedMap<String, ObjectNode> declared(String cluster) {
        SortedMap<String, ObjectNode> out = new TreeMap<>();
        parse(store.read(cluster)).forEach((k, text) -> out.put(k, DeclaredResources.fromText(text)));
        return out;
    }

    @Override
    public void declare(String cluster, String key, ObjectNode fragment) {
        String text = DeclaredResources.toText(fragment);
        change(cluster, m -> m.put(key, text));
    }

    @Override
    public void undeclare(String cluster, String key) {
        change(cluster, m -> m.remove(key));
    }

    private void change(String cluster, Consumer<SortedMap<String, String>> edit) {
        for (int i = 0; i < ATTEMPTS; i++) { // read-modify-write under the ConfigMap's resourceVersion
            Optional<ConfigMap> cm = store.read(cluster);
            SortedMap<String, String> m = parse(cm);
            edit.accept(m);
            if (store.writeIfUnchanged(cluster, cm, Map.of(StateEntry.DECLARED, AnnotationJson.write(m)))) return;
        }
        throw new BackendException(BackendCode.BACKEND_IO, "ConfigMap " + StateStore.name(cluster)
                + " kept changing while its declared resources were written; retry");
    }

    private static SortedMap<String, String> parse(Optional<ConfigMap> cm) {
        String json = StateEntry.DECLARED.in(cm);
        return json == null ? new TreeMap<>() : AnnotationJson.mapper().readValue(json, MAP);
    }
}
