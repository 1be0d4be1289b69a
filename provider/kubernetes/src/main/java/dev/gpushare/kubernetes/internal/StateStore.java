package dev.gpushare.kubernetes.internal;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.state.RolloutRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The per-cluster ConfigMap {@code gpushare-<cluster>}: the revision, the spec the last apply
 * converged to, the last rollout record of each service or component ({@code rollouts.json}), and
 * the declared resources of the Pulumi provider. Its {@code resourceVersion} is
 * the optimistic lock: a batch first moves the revision on with a write that names the version it
 * read, so of two applies made against one revision exactly one gets through.
 */
public final class StateStore {
    private static final tools.jackson.core.type.TypeReference<List<RolloutRecord>> RECORDS = new tools.jackson.core.type.TypeReference<>() {};

    private final KubernetesClient client;
    private final String namespace;

    public StateStore(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    public static String name(String cluster) {
        return Names.objectName("gpushare", cluster);
    }

    public Optional<ConfigMap> read(String cluster) {
        return Optional.ofNullable(Failures.call("get ConfigMap " + namespace + "/" + name(cluster),
                () -> client.configMaps().inNamespace(namespace).withName(name(cluster)).get()));
    }

    public static long revision(Optional<ConfigMap> cm) {
        String revision = StateEntry.REVISION.in(cm);
        return revision == null ? 0L : Long.parseLong(revision);
    }

    /** The rollout records the ConfigMap keeps (none when it keeps none). */
    public static List<RolloutRecord> rollouts(Optional<ConfigMap> cm) {
        String json = StateEntry.ROLLOUTS.in(cm);
        return json == null ? List.of() : AnnotationJson.mapper().readValue(json, RECORDS);
    }

    /**
     * The records after {@code batch}: those kept, each group's replaced by the batch's last {@code
     * RecordRollout} of it (as {@code StateFold} folds them); null when the batch records none.
     */
    public static String rolloutsAfter(Optional<ConfigMap> cm, List<Action> batch) {
        Map<String, RolloutRecord> byGroup = new TreeMap<>();
        boolean any = false;
        for (RolloutRecord r : rollouts(cm)) byGroup.put(r.group(), r);
        for (Action a : batch) {
            if (a instanceof Action.RecordRollout r) {
                byGroup.put(r.record().group(), r.record());
                any = true;
            }
        }
        return any ? AnnotationJson.write(new ArrayList<>(byGroup.values())) : null;
    }

    /**
     * Writes {@code changes} into the ConfigMap read as {@code current} (absent: creates it), only if
     * nobody wrote it since; false when somebody did (a 409 from the API server).
     */
    public boolean writeIfUnchanged(String cluster, Optional<ConfigMap> current, Map<StateEntry, String> changes) {
        Map<String, String> data = new HashMap<>(current.map(c -> c.getData() == null ? Map.<String, String>of() : c.getData())
                .orElse(Map.of()));
        changes.forEach((entry, text) -> data.put(entry.key(), text));
        ConfigMap next = new ConfigMapBuilder()
                .withNewMetadata()
                    .withName(name(cluster)).withNamespace(namespace)
                    .withLabels(Map.of(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE, Keys.CLUSTER, cluster, Keys.ROLE, "state"))
                    .withResourceVersion(current.map(c -> c.getMetadata().getResourceVersion()).orElse(null))
                .endMetadata()
                .withData(data)
                .build();
        String what = (current.isPresent() ? "update" : "create") + " ConfigMap " + namespace + "/" + name(cluster);
        try {
            if (current.isPresent()) {
                client.configMaps().inNamespace(namespace).resource(next).update();
            } else {
                client.configMaps().inNamespace(namespace).resource(next).create();
            }
            return true;
        } catch (KubernetesClientException e) {
            if (e.getCode() == 409) return false; // changed since read, or created by another writer
            throw Failures.of(what, e);
        }
    }

    /**
     * Leaves only the revision, one higher, in a ConfigMap without the cluster's label (role {@code
     * tombstone}): destroy removes everything of the cluster, yet its revisions are never reused.
     * False when the ConfigMap changed since {@code current} was read.
     */
    public boolean tombstone(String cluster, Optional<ConfigMap> current) {
        ConfigMap next = new ConfigMapBuilder()
                .withNewMetadata()
                    .withName(name(cluster)).withNamespace(namespace)
                    .withLabels(Map.of(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE, Keys.ROLE, "tombstone"))
                    .withResourceVersion(current.map(c -> c.getMetadata().getResourceVersion()).orElse(null))
                .endMetadata()
                .withData(Map.of(StateEntry.REVISION.key(), Long.toString(revision(current) + 1)))
                .build();
        try {
            client.configMaps().inNamespace(namespace).resource(next).update();
            return true;
        } catch (KubernetesClientException e) {
            if (e.getCode() == 409) return false;
            throw Failures.of("update ConfigMap " + namespace + "/" + name(cluster), e);
        }
    }
}
