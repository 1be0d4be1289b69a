package dev.gpushare.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link CopySizes#of(FleetState)} on random states (copies spread over GPUs and instances, copies
 * without a number, every GPU mode): each pool's smallest copy is the smallest sum of one copy's
 * reservations, as the definition below works it out copy by copy.
 */
class CopySizesProperties {
    private static final List<Owner> OWNERS = List.of(new Owner.CapacityProvider("a"), new Owner.CapacityProvider("b"),
            new Owner.Endpoint("e"));

    /** One allocation: instance, GPU, owner, task group and number (-1: no number), MiB. */
    record Placed(int instance, int gpu, int owner, int group, int ordinal, int mib) {}

    @Property(tries = 200)
    void theSmallestCopyIsTheSmallestSumOfOneCopysReservations(@ForAll("states") List<Placed> placed,
                                                                @ForAll("modes") List<GpuMode> modes) {
        FleetState state = state(placed, modes);
        CopySizes sizes = CopySizes.of(state);
        for (Owner o : OWNERS) assertThat(sizes.of(o)).as("%s", o).isEqualTo(definition(state, o));
    }

    /** Per copy of the owner's instances, the sum of its reservations; the smallest above 0. */
    private static Optional<Long> definition(FleetState state, Owner owner) {
        Map<TaskId, Long> perCopy = new HashMap<>();
        for (Instance i : state.instances()) {
            if (!i.owner().equals(owner)) continue;
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    long mib = switch (g.mode()) {
                        case MPS -> a.memoryMiB() == null ? 0 : a.memoryMiB();
                        case DEDICATED, FRACTIONAL -> g.memoryMiB();
                        case MIG -> a.partition() == null ? 0 : g.partitions().stream()
                                .filter(p -> p.start() == a.partition().start()).mapToLong(MigPartition::memoryMiB).findFirst().orElse(0);
                        case TIME_SLICING, IDLE -> 0;
                    };
                    perCopy.merge(a.task(), mib, Long::sum);
                }
            }
        }
        return perCopy.values().stream().filter(m -> m > 0).min(Long::compare);
    }

    private static FleetState state(List<Placed> placed, List<GpuMode> modes) {
        // instance k belongs to owner k % 3; its GPU g has mode modes[(k + g) % size]
        Map<Integer, Map<Integer, List<Allocation>>> byInstance = new HashMap<>();
        for (Placed p : placed) {
            TaskId task = new TaskId("s" + p.group(), p.ordinal());
            Allocation a = new Allocation(task, "c" + (p.mib() % 2), p.mib() % 5 == 0 ? null : Long.valueOf(p.mib()), null,
                    p.mib() % 3 == 0 ? new Allocation.PartitionRef("1g.10gb", p.mib() % 2 == 0 ? 0 : 1) : null, Map.of());
            byInstance.computeIfAbsent(p.instance(), k -> new HashMap<>()).computeIfAbsent(p.gpu(), k -> new ArrayList<>()).add(a);
        }
        List<Instance> instances = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            Owner owner = OWNERS.get(k % 3);
            List<Gpu> gpus = new ArrayList<>();
            for (int g = 0; g < 2; g++) {
                List<Allocation> allocs = byInstance.getOrDefault(k, Map.of()).getOrDefault(g, List.of());
                gpus.add(new Gpu(g, "L4", 22_888, modes.get((k + g) % modes.size()), null,
                        List.of(new MigPartition("1g.10gb", 0, 9_856), new MigPartition("1g.10gb", 1, 9_984)), allocs));
            }
            instances.add(new Instance(new InstanceId(owner.name(), k), owner, "t", true, null, gpus));
        }
        return new FleetState("c", instances, List.of());
    }

    @Provide
    Arbitrary<List<Placed>> states() {
        return Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 3), Arbitraries.integers().between(-1, 40),
                Arbitraries.integers().between(0, 20_000)).as(Placed::new).list().ofMaxSize(60);
    }

    @Provide
    Arbitrary<List<GpuMode>> modes() {
        return Arbitraries.of(GpuMode.class).list().ofMinSize(1).ofMaxSize(5);
    }
}
