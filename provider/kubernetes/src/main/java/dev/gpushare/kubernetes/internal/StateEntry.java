package dev.gpushare.kubernetes.internal;

import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.Optional;

/**
 * An entry of the per-cluster ConfigMap {@code gpushare-<cluster>} ({@link StateStore}).
 *
 * @param key the key in the ConfigMap's data
 */
public record StateEntry(String key) {
    /** The cluster's revision: what the optimistic lock counts. */
    public static final StateEntry REVISION = new StateEntry("revision");
    /** The spec the last apply converged to. */
    public static final StateEntry SPEC = new StateEntry("spec.json");
    /** The spec before {@link #SPEC}: what copies rolled back to the revision it gave them run. */
    public static final StateEntry PREVIOUS_SPEC = new StateEntry("spec-previous.json");
    /** The declared resources of the Pulumi provider. */
    public static final StateEntry DECLARED = new StateEntry("declared.json");
    /** The last rollout record of each service or component ({@code Action.RecordRollout}), a JSON list. */
    public static final StateEntry ROLLOUTS = new StateEntry("rollouts.json");

    /** The entry's text in {@code cm}; null when there is no ConfigMap or it has no such entry. */
    public String in(Optional<ConfigMap> cm) {
        return cm.map(c -> c.getData() == null ? null : c.getData().get(key)).orElse(null);
    }
}
