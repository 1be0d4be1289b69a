package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.kubernetes.internal.Keys;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import dev.gpushare.model.Container;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 20's scenario on the real API server: apply {@code examples/mps-sharing}, change one task
 * definition's image ({@code bge-small:1.5} → {@code 1.6}): the plan rolls it out, after apply every
 * pod of that service runs the new image and carries the new revision as its label (the others keep
 * theirs), and the next plan is empty.
 */
class KubernetesRolloutTest {
    @Test
    void aNewImageReachesEveryPodAndThenThePlanIsEmpty() {
        KubeCluster k = KubeCluster.shared();
        String ns = k.namespace("rollout-" + UUID.randomUUID().toString().substring(0, 8));
        Spec before = Specs.read("examples/mps-sharing/spec.yaml");
        Spec after = withImage(before, "embedder-small", "ghcr.io/acme/bge-small:1.6");
        Revision now = Revision.of(after.taskDefinitions().getFirst());
        try (Fleet fleet = new Fleet(k).forSpec(ns, before, 0);
             Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                     KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
            assertThat(gs.apply(gs.plan(before))).isInstanceOf(ApplyOutcome.Applied.class);
            k.agents().settle();
            assertThat(gs.plan(before).actions()).as("converged").isEmpty();

            Plan rollout = gs.plan(after);
            assertThat(rollout.actions().stream().filter(Action.MoveCopy.class::isInstance)).as("a new image is a change").hasSize(8);
            // apply waits for each wave's new pods to be Ready: the stand-in kubelet starts them meanwhile
            try (StandInKubelet kubelet = new StandInKubelet(k)) {
                assertThat(gs.apply(rollout)).isInstanceOf(ApplyOutcome.Applied.class);
            }
            k.agents().settle();

            List<Pod> small = new ArrayList<>(), others = new ArrayList<>();
            for (Pod p : k.admin().pods().inNamespace(ns).withLabel(Keys.CLUSTER, before.cluster()).list().getItems()) {
                if (p.getMetadata().getDeletionTimestamp() != null) continue;
                ("embedder-small".equals(p.getMetadata().getLabels().get(Keys.SERVICE)) ? small : others).add(p);
            }
            assertThat(small).as("one pod per copy of embedder-small").hasSize(8).allSatisfy(p -> {
                assertThat(p.getSpec().getContainers().getFirst().getImage()).isEqualTo("ghcr.io/acme/bge-small:1.6");
                assertThat(p.getMetadata().getLabels()).containsEntry(Keys.REVISION, now.value());
            });
            assertThat(others).hasSize(7).allSatisfy(p -> assertThat(p.getSpec().getContainers().getFirst().getImage())
                    .doesNotContain("bge-small"));
            assertThat(gs.plan(after).actions()).as("the next plan").isEmpty();
            gs.destroy(before.cluster());
        }
    }

    private static Spec withImage(Spec s, String family, String image) {
        List<TaskDefinition> tds = new ArrayList<>();
        for (TaskDefinition td : s.taskDefinitions()) {
            if (!td.family().equals(family)) { tds.add(td); continue; }
            List<Container> cs = new ArrayList<>();
            for (Container c : td.containers()) cs.add(new Container(c.name(), image, c.gpu()));
            tds.add(new TaskDefinition(td.family(), td.cpu(), td.memoryMiB(), cs));
        }
        return new Spec(s.apiVersion(), s.cluster(), s.capacityProviders(), tds, s.services(), s.endpoints(),
                s.inferenceComponents(), s.instanceTypes());
    }
}
