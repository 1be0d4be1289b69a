package dev.gpushare.pulumi.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capacity at the Pulumi provider's apply: the provider applies the plan it made from the declared
 * spec with {@code Reconciler.apply(backend, plan)} ({@link Session}'s converge), and that plan
 * carries the spec, so the apply-time check measures host CPU with the spec's task sizes too. A plan
 * whose actions are each well-formed but put two copies of a 40-vCPU task (40,960 CPU units each) on
 * one g6.12xlarge (48 vCPUs, 49,152 units: 81,920 > 49,152) is refused whole, nothing written —
 * whatever made it (a defect, or a plan tampered with between planning and apply). Before issue 22
 * host CPU was never checked at apply: it was written.
 */
class ProviderApplyCapacityTest {
    @TempDir Path dir;

    private static final String SPEC = """
            {"apiVersion": "gpushare.dev/v1", "cluster": "pulumi-cap",
             "capacityProviders": [{"name": "l4", "instanceType": "g6.12xlarge", "maxInstances": 4}],
             "taskDefinitions": [{"family": "cpu", "cpu": 40960,
               "containers": [{"name": "model", "image": "img", "gpu": {"nvidiaMps": {"memory": 4096}}}]}],
             "services": [{"name": "cpu", "taskDefinition": "cpu", "capacityProvider": "l4", "desiredCount": 2}]}""";

    @Test
    void aPlanThatExceedsHostCpuIsRefusedWholeAndNothingIsWritten() {
        Spec spec = SpecReader.bind(List.of(SpecReader.parse("spec.json", SPEC))).spec();
        try (Backend backend = Backends.open("file:" + dir.resolve("state"))) {
            Snapshot empty = backend.read("pulumi-cap");
            Plan made = Pipeline.plan(ResolvedSpec.of(spec), empty, null).plan();
            // the solver puts the two copies on two instances (one does not have the CPU for both)
            assertThat(made.desired().instances()).hasSize(2);
            // the same plan with cpu/1 next to cpu/0 on GPU 0 of the first instance (8,192 MiB of MPS: the GPU has room), each action well-formed
            Instance first = made.desired().instances().getFirst();
            List<Action> actions = new ArrayList<>();
            for (Action a : made.actions()) {
                if (a instanceof Action.LaunchInstance l && !l.instance().id().equals(first.id())) continue;
                if (a instanceof Action.PlaceCopy p && p.task().equals(TaskId.parse("cpu/1"))) {
                    Allocation moved = new Allocation(p.task(), "model", 4096L, null, null, ContainerEnv.of(List.of(0), 0, 4096L, null, null));
                    a = new Action.PlaceCopy(p.task(), List.of(new Action.Placement(first.id(), 0, moved)));
                }
                actions.add(a);
            }
            Plan forged = new Plan(made.cluster(), made.revision(), actions, StateFold.apply(empty.state(), actions), made.specHash(), spec);

            ApplyOutcome outcome = Reconciler.apply(backend, forged, ApplyListener.NONE);

            assertThat(outcome).isInstanceOfSatisfying(ApplyOutcome.Refused.class, r -> assertThat(r.problems()).singleElement()
                    .satisfies(p -> {
                        assertThat(p.code().name()).isEqualTo("ACTION_CAPACITY");
                        assertThat(p.path()).startsWith("/actions/").endsWith("/to/0");
                        assertThat(p.message()).contains("cpu/1", "40960 host CPU units, 8192 are free");
                    }));
            assertThat(backend.read("pulumi-cap")).isEqualTo(empty);
        }
    }
}
