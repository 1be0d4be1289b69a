package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplacementPolicyTest {

    @ParameterizedTest(name = "{0} instances → at most {1} replaced at once")
    @CsvSource({
            // fewer than 9 → 1; otherwise ⌊20%⌋: 9 → 1 (1.8), 10 → 2, 14 → 2 (2.8), 15 → 3, 50 → 10
            "1, 1", "2, 1", "8, 1", "9, 1", "10, 2", "14, 2", "15, 3", "50, 10"})
    void limit(int instances, int expected) {
        assertThat(ReplacementPolicy.limit(instances)).isEqualTo(expected);
    }

    @Test
    void choosesLowestUnhealthyIdsWithinEachOwnersLimit() {
        List<Instance> instances = new ArrayList<>();
        // provider a: 12 instances, 4 unhealthy (a-2, a-9, a-10, a-11) → limit 2 → a-2, a-9: lowest by
        // number, as the solver and every listing order ids (as text, a-10 and a-11 would come first)
        for (int i = 0; i < 12; i++) instances.add(instance("a-" + i, "a", i == 2 || i >= 9));
        // provider b: 3 instances, all unhealthy → limit 1 → b-0
        for (int i = 0; i < 3; i++) instances.add(instance("b-" + i, "b", true));
        // provider c: healthy → nothing
        instances.add(instance("c-0", "c", false));
        Set<InstanceId> chosen = ReplacementPolicy.choose(new FleetState("x", instances, List.of()));
        assertThat(chosen).containsExactly(new InstanceId("a", 2), new InstanceId("a", 9), new InstanceId("b", 0));
    }

    private static Instance instance(String id, String provider, boolean unhealthy) {
        Instance i = Fleet.mpsInstance(id, provider, List.of());
        return new Instance(i.id(), new Owner.CapacityProvider(provider), i.instanceType(), !unhealthy, unhealthy ? "mps-daemon-unresponsive" : null, i.gpus());
    }
}
