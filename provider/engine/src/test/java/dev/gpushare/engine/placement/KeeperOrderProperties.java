package dev.gpushare.engine.placement;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;

/**
 * The order in which the current state lists its instances and allocations does not change the
 * result. The engine checks an instance's copies in the order its allocations come and only falls
 * back to task-id order when a copy no longer fits, and returns an unchanged instance as it is
 * (only when its allocations are already in output order); shuffling the input exercises both: a
 * wrong shortcut keeps a different set of copies, or prints the shuffled order.
 */
class KeeperOrderProperties {

    @Property(tries = 150)
    void shuffledCurrentStateGivesTheSameResult(@ForAll("specs") Spec before, @ForAll("specs") Spec after,
                                                @ForAll long seed) {
        Catalog catalog = Specs.catalog(after);
        FleetState current = Specs.place(before);
        FleetState shuffled = shuffle(current, new Random(seed));
        assertThat(StateJson.toJson(Placer.place(ResolvedSpec.of(after), shuffled)))
                .isEqualTo(StateJson.toJson(Placer.place(ResolvedSpec.of(after), current)));
    }

    /**
     * The same spec with at most one MPS client per GPU and twice the host CPU per task: copies that
     * were kept together no longer all fit, and which stay must not depend on the input order.
     */
    @Property(tries = 150)
    void whenKeptCopiesNoLongerFitTheChoiceDoesNotDependOnOrder(@ForAll("specs") Spec spec, @ForAll long seed) {
        Spec tighter = new Spec(spec.apiVersion(), spec.cluster(),
                spec.capacityProviders().stream().map(cp -> cp.gpuSharing() instanceof GpuSharing.Mps
                        ? new CapacityProvider(cp.name(), cp.instanceType(), cp.minInstances(), cp.maxInstances(), new GpuSharing.Mps(1))
                        : cp).toList(),
                spec.taskDefinitions().stream().map(td -> td.cpu() == null ? td
                        : new TaskDefinition(td.family(), td.cpu() * 2, td.memoryMiB(), td.containers())).toList(),
                spec.services(), spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes());
        Catalog catalog = Specs.catalog(tighter);
        FleetState current = Specs.place(spec);
        assertThat(StateJson.toJson(Placer.place(ResolvedSpec.of(tighter), shuffle(current, new Random(seed)))))
                .isEqualTo(StateJson.toJson(Placer.place(ResolvedSpec.of(tighter), current)));
    }

    @Property(tries = 80)
    void shuffledOwnOutputIsPrintedInOrder(@ForAll("specs") Spec spec, @ForAll long seed) {
        FleetState first = Specs.place(spec);
        FleetState again = Placer.place(ResolvedSpec.of(spec), shuffle(first, new Random(seed)));
        assertThat(StateJson.toJson(again)).isEqualTo(StateJson.toJson(first));
    }

    @Provide
    Arbitrary<Spec> specs() {
        return new PlacementProperties().specs();
    }

    /** The same state with instances and each GPU's allocations in a random order. */
    private static FleetState shuffle(FleetState s, Random rnd) {
        List<Instance> instances = new ArrayList<>();
        for (Instance i : s.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> allocs = new ArrayList<>(g.allocations());
                Collections.shuffle(allocs, rnd);
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), allocs));
            }
            instances.add(new Instance(i.id(), i.owner(), i.instanceType(), i.healthy(),
                    i.healthReason(), gpus));
        }
        Collections.shuffle(instances, rnd);
        return new FleetState(s.cluster(), instances, s.unplaced());
    }
}
