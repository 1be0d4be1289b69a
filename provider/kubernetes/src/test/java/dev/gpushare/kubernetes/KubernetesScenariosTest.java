package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Scaling, concurrency, node failure and too few nodes, on the real API server. */
class KubernetesScenariosTest {
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("sc-" + UUID.randomUUID().toString().substring(0, 8));

    private Gpushare open() {
        return Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                KubernetesUrl.DEFAULT_COMPONENT_IMAGE)));
    }

    private static Spec withCount(Spec s, String service, int count) {
        List<Service> services = new ArrayList<>();
        for (Service x : s.services()) {
            services.add(x.name().equals(service)
                    ? new Service(x.name(), x.taskDefinition(), x.capacityProvider(), count, x.placementStrategy()) : x);
        }
        return new Spec(s.apiVersion(), s.cluster(), s.capacityProviders(), s.taskDefinitions(), services,
                s.endpoints(), s.inferenceComponents(), s.instanceTypes());
    }

    private static List<String> kinds(Plan p) {
        return p.actions().stream().map(Action::kind).toList();
    }

    @Test
    void scalingUpAndDownGivesMinimalPlans() {
        Spec spec = Specs.named(Specs.read("examples/mps-sharing/spec.yaml"), "scale-" + ns);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 1); Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
            // 8 → 9 small embedders: the ninth fits the running instance (3,072 MiB free on an L4)
            Spec up = withCount(spec, "embedder-small", 9);
            Plan upPlan = gs.plan(up);
            assertThat(kinds(upPlan)).containsExactly("placeCopy");
            assertThat(gs.apply(upPlan)).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(up).actions()).isEmpty();
            // 9 → 6: three stops, nothing else moves
            Spec down = withCount(spec, "embedder-small", 6);
            Plan downPlan = gs.plan(down);
            assertThat(kinds(downPlan)).containsExactly("stopCopy", "stopCopy", "stopCopy");
            assertThat(gs.apply(downPlan)).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(down).actions()).isEmpty();
            gs.destroy(spec.cluster());
            k.agents().settle();
        }
    }

    @Test
    void twoConcurrentAppliesGiveOneConflictAndACleanReplan() throws Exception {
        Spec spec = Specs.named(Specs.read("examples/unhealthy-replacement/spec.yaml"), "race-" + ns);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 2); Gpushare a = open(); Gpushare b = open()) {
            Plan pa = a.plan(spec), pb = b.plan(spec);
            assertThat(pa.revision()).isEqualTo(pb.revision());
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<ApplyOutcome> fa = pool.submit((Callable<ApplyOutcome>) () -> a.apply(pa));
                Future<ApplyOutcome> fb = pool.submit((Callable<ApplyOutcome>) () -> b.apply(pb));
                List<ApplyOutcome> outcomes = List.of(fa.get(), fb.get());
                assertThat(outcomes).filteredOn(o -> o instanceof ApplyOutcome.Conflict).hasSize(1);
                assertThat(outcomes).filteredOn(o -> o instanceof ApplyOutcome.Applied).hasSize(1);
            } finally {
                pool.shutdown();
            }
            // the loser plans again against the winner's objects: nothing left to do, no node claimed twice
            Plan again = b.plan(spec);
            assertThat(again.actions()).isEmpty();
            assertThat(a.status(spec.cluster()).instances()).hasSize(2);
            a.destroy(spec.cluster());
            k.agents().settle();
        }
    }

    @Test
    void aNotReadyNodeIsReplacedOnAFreeNodeStartingPodsBeforeStoppingThem() {
        Spec spec = Specs.named(Specs.read("examples/unhealthy-replacement/spec.yaml"), "heal-" + ns);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 1); Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
            Instance first = gs.status(spec.cluster()).instances().getFirst();
            String node = k.admin().nodes().withLabel("gpushare.dev/instance", first.id().toString())
                    .withLabel("gpushare.dev/cluster", spec.cluster()).list().getItems().getFirst().getMetadata().getName();
            k.nodes().setReady(node, false);

            Instance sick = gs.status(spec.cluster()).instances().getFirst();
            assertThat(sick.healthy()).isFalse();
            assertThat(sick.healthReason()).isEqualTo("node-not-ready");
            Plan heal = gs.plan(spec);
            assertThat(heal.actions()).filteredOn(a -> a instanceof Action.LaunchInstance).hasSize(1);
            assertThat(heal.actions()).filteredOn(a -> a instanceof Action.MoveCopy).hasSize(8);
            assertThat(heal.actions().getLast()).isEqualTo(new Action.TerminateInstance(first.id(),
                    ((Action.TerminateInstance) heal.actions().getLast()).reason()));

            List<String> events = Collections.synchronizedList(new ArrayList<>());
            try (Watch w = k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", spec.cluster()).watch(new Watcher<>() {
                @Override public void eventReceived(Action action, Pod pod) {
                    String task = pod.getMetadata().getAnnotations().get("gpushare.dev/task");
                    if (action == Action.ADDED) events.add("start " + task + " " + pod.getMetadata().getName());
                    else if (pod.getMetadata().getDeletionTimestamp() != null || action == Action.DELETED) {
                        events.add("stop " + task + " " + pod.getMetadata().getName());
                    }
                }
                @Override public void onClose(WatcherException cause) {}
            })) {
                assertThat(gs.apply(heal)).isInstanceOf(ApplyOutcome.Applied.class);
                KubeClusterWait.until(() -> events.stream().filter(e -> e.startsWith("stop")).count() >= 8);
            }
            for (Action a : heal.actions()) {
                if (!(a instanceof Action.MoveCopy m)) continue;
                int started = indexOf(events, "start " + m.task() + " ");
                int stopped = indexOf(events, "stop " + m.task() + " ");
                assertThat(started).as("%s starts before it stops: %s", m.task(), events).isBetween(0, stopped - 1);
            }
            k.agents().settle();
            assertThat(gs.plan(spec).actions()).isEmpty();
            assertThat(gs.status(spec.cluster()).instances()).allMatch(Instance::healthy).hasSize(2);
            // the failed node is released, not deleted
            assertThat(k.admin().nodes().withName(node).get().getMetadata().getLabels()).doesNotContainKey("gpushare.dev/cluster");
            gs.destroy(spec.cluster());
            k.agents().settle();
        }
    }

    @Test
    void tooFewFreeNodesLeaveCopiesUnplacedNamingTheNodesToAdd() {
        Spec spec = Specs.named(Specs.read("examples/unhealthy-replacement/spec.yaml"), "short-" + ns);
        try (Fleet fleet = new Fleet(k); Gpushare gs = open()) {
            fleet.add(ns + "-one", "g6.12xlarge", 1); // the fleet needs 2 (16 copies, 8 per instance)
            Plan plan = gs.plan(spec);
            // 16 copies of 11,264 MiB: 2 per L4, 8 per g6.12xlarge; one node takes 8, the other 8 wait
            assertThat(plan.desired().instances()).hasSize(1);
            assertThat(plan.desired().unplaced()).hasSize(8).allSatisfy(u -> {
                assertThat(u.code().name()).isEqualTo("NO_FREE_NODE");
                assertThat(u.message()).contains("needs 1 more g6.12xlarge instance")
                        .contains("add 1 nodes labelled node.kubernetes.io/instance-type=g6.12xlarge");
            });
            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            fleet.add(ns + "-two", "g6.12xlarge", 1); // the autoscaler adds one
            Plan more = gs.plan(spec);
            assertThat(more.desired().unplaced()).isEmpty();
            assertThat(kinds(more).stream().filter(k -> k.equals("launchInstance")).count()).isEqualTo(1);
            gs.destroy(spec.cluster());
            k.agents().settle();
        }
    }

    private static int indexOf(List<String> events, String prefix) {
        synchronized (events) {
            for (int i = 0; i < events.size(); i++) if (events.get(i).startsWith(prefix)) return i;
        }
        return -1;
    }
}
