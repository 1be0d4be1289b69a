package dev.gpushare.kubernetes.crd;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What render controller prints: two replicas, a PDB keeping one, and no more rights than the controller uses. */
class ControllerManifestsTest {
    private final List<HasMetadata> objects = new ControllerManifests("gpushare-system", "inference", "ghcr.io/gpushare/gpushare:0.1.0").objects();

    private <T> T one(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
    }

    @Test
    void twoReplicasOneKeptByTheDisruptionBudget() {
        Deployment d = one(Deployment.class);
        assertThat(d.getSpec().getReplicas()).isEqualTo(2);
        assertThat(d.getSpec().getTemplate().getSpec().getContainers().getFirst().getArgs())
                .containsSubsequence("controller", "--backend", "kubernetes:?namespace=inference");
        assertThat(one(PodDisruptionBudget.class).getSpec().getMinAvailable().getIntVal()).isEqualTo(1);
    }

    @Test
    void noWildcardsAndNodesAreNeverCreatedOrDeleted() {
        for (HasMetadata o : objects) {
            List<PolicyRule> rules = o instanceof ClusterRole c ? c.getRules() : o instanceof Role r ? r.getRules() : List.of();
            for (PolicyRule r : rules) {
                assertThat(r.getVerbs()).doesNotContain("*", "deletecollection", "escalate", "bind", "impersonate");
                assertThat(r.getResources()).doesNotContain("*", "secrets");
                if (r.getResources().contains("nodes")) assertThat(r.getVerbs()).doesNotContain("create", "delete", "update");
            }
        }
        // the cluster-wide role only reads, but for labelling nodes
        ClusterRole cr = one(ClusterRole.class);
        assertThat(cr.getRules()).allSatisfy(r -> assertThat(r.getVerbs()).isSubsetOf("get", "list", "watch", "patch"));
    }
}
