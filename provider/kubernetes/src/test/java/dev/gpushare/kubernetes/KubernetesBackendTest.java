package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every mapping example applied to a real API server (which validates every object, CEL
 * selectors included), read back, re-planned and destroyed.
 */
class KubernetesBackendTest {
    static final List<String> MAPPING = Specs.MAPPING;

    @ParameterizedTest(name = "{0}")
    @FieldSource("MAPPING")
    void appliesReadsBackAndDestroys(String example) {
        KubeCluster k = KubeCluster.shared();
        String ns = k.namespace("e2e-" + UUID.randomUUID().toString().substring(0, 8));
        Spec spec = Specs.read(example);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 0);
             Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                     KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
            Plan plan = gs.plan(spec);
            assertThat(plan.actions()).isNotEmpty();
            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            k.agents().settle();

            // what the cluster holds is what was planned, and planning again changes nothing
            FleetState status = gs.status(spec.cluster());
            assertThat(status).isEqualTo(StateFold.normalize(new FleetState(plan.desired().cluster(),
                    plan.desired().instances(), List.of())));
            Plan again = gs.plan(spec);
            assertThat(again.actions()).as("plan right after apply").isEmpty();

            // destroy removes exactly what carries the cluster's labels
            assertThat(gs.destroy(spec.cluster())).isTrue();
            // the kubelet and claim-controller stand-ins finish the deletes; the scheduler may still
            // be allocating a claim of the destroyed pods when the first round runs (seen under load)
            KubeClusterWait.until(() -> {
                k.agents().settle();
                return Labelled.objects(k.admin(), ns, spec.cluster()).isEmpty();
            });
            assertThat(Labelled.objects(k.admin(), ns, spec.cluster())).isEmpty();
            assertThat(fleet.names()).allSatisfy(n -> assertThat(k.admin().nodes().withName(n).get()).isNotNull());
        }
    }

    static long count(Plan p, Class<? extends Action> kind) {
        return p.actions().stream().filter(kind::isInstance).count();
    }
}
