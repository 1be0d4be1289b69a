package dev.gpushare.engine.placement;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Spec;

/** Invariants of placement over random specs mixing every sharing form. */
class PlacementProperties {

    @Property(tries = 150)
    void invariantsHold(@ForAll("specs") Spec spec) {
        Catalog catalog = Specs.catalog(spec);
        Invariants.check(spec, catalog, Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster())));
    }

    @Property(tries = 80)
    void deterministic(@ForAll("specs") Spec spec) {
        assertThat(StateJson.toJson(Specs.place(spec))).isEqualTo(StateJson.toJson(Specs.place(spec)));
    }

    @Property(tries = 80)
    void placingOnItsOwnOutputMovesNothing(@ForAll("specs") Spec spec) {
        FleetState first = Specs.place(spec);
        FleetState second = Placer.place(ResolvedSpec.of(spec), first);
        assertThat(StateJson.toJson(second)).isEqualTo(StateJson.toJson(first));
    }

    @Property(tries = 80)
    void invariantsHoldAfterAChange(@ForAll("specs") Spec before, @ForAll("specs") Spec after) {
        // a state of one spec as the current state of another: whatever stays must still be consistent
        Catalog catalog = Specs.catalog(after);
        Invariants.check(after, catalog, Placer.place(ResolvedSpec.of(after), Specs.place(before)));
    }

    @Provide
    Arbitrary<Spec> specs() {
        Arbitrary<GpuRequirement> mps = Combinators.combine(Arbitraries.integers().between(256, 16_000),
                Arbitraries.integers().between(1, 100).injectNull(0.5)).as(GpuRequirement.NvidiaMps::new);
        Arbitrary<List<GpuRequirement>> mpsTask = mps.list().ofMinSize(1).ofMaxSize(2);
        Arbitrary<List<GpuRequirement>> wholeTask = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 3).map(n -> List.<GpuRequirement>of(new GpuRequirement.Whole(n))),
                Arbitraries.just(List.<GpuRequirement>of(new GpuRequirement.All())),
                Arbitraries.just(List.<GpuRequirement>of(new GpuRequirement.Whole(1), new GpuRequirement.Whole(1))));
        Arbitrary<List<GpuRequirement>> migTask = Arbitraries.of("3g.20gb", "mig-1g.5gb")
                .map(p -> List.<GpuRequirement>of(new GpuRequirement.Partition(p)));
        Arbitrary<Integer> count = Arbitraries.integers().between(0, 12);
        Arbitrary<PlacementStrategy> strategy = Arbitraries.of(PlacementStrategy.class);
        Arbitrary<Integer> cpu = Arbitraries.of(0, 1024, 8192, 20_000).map(c -> c == 0 ? null : c);

        return Combinators.combine(
                mpsTask.list().ofMaxSize(3), wholeTask.list().ofMaxSize(2), migTask.list().ofMaxSize(2),
                count.list().ofSize(8), strategy.list().ofSize(8), cpu.list().ofSize(8),
                Arbitraries.of(0, 2, 5), Arbitraries.integers().between(1, 6)).as(
                (mpsTasks, wholeTasks, migTasks, counts, strategies, cpus, clients, max) -> {
                    Fixtures f = Fixtures.spec()
                            .provider("mps", "g6.12xlarge", max > 4 ? 1 : 0, max, new GpuSharing.Mps(clients == 0 ? null : clients))
                            .provider("ex", "g5.12xlarge", 0, max, new GpuSharing.Exclusive())
                            .provider("mig", "p4d.24xlarge", 0, max, new GpuSharing.Mig(List.of("3g.20gb", "2g.10gb", "1g.5gb", "1g.5gb")))
                            .provider("frac", "g6f.2xlarge", 0, max, null)
                            .endpoint("ep", "ml.p4d.24xlarge", 1 + max % 2, "mig-3g.20gb", "mig-4g.20gb")
                            .endpoint("whole", "ml.p5.48xlarge", 1);
                    int k = 0;
                    for (List<GpuRequirement> t : mpsTasks) {
                        f.service("m" + k, "mps", counts.get(k % 8), strategies.get(k % 8), cpus.get(k % 8), null,
                                t.toArray(GpuRequirement[]::new));
                        k++;
                    }
                    for (List<GpuRequirement> t : wholeTasks) {
                        f.service("w" + k, k % 2 == 0 ? "ex" : "mps", counts.get(k % 8), strategies.get(k % 8), null, null,
                                t.toArray(GpuRequirement[]::new));
                        k++;
                    }
                    for (List<GpuRequirement> t : migTasks) {
                        f.service("p" + k, "mig", counts.get(k % 8), strategies.get(k % 8), null, null, t.toArray(GpuRequirement[]::new));
                        k++;
                    }
                    f.service("q", "frac", counts.get(7) % 4, new GpuRequirement.Fraction(new java.math.BigDecimal("0.25")));
                    f.component("ic3", "ep", "mig-3g.20gb", counts.get(0) + 1);
                    f.component("ic4", "ep", "mig-4g.20gb", counts.get(1) + 1);
                    f.component("llm", "whole", null, counts.get(2));
                    return f.build();
                });
    }
}
