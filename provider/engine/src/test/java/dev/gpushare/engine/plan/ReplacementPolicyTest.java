package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
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
        // provider a: 10 instances, 4 unhealthy (a-01, a-03, a-05, a-07) → limit 2 → a-01, a-03
        for (int i = 0; i < 10; i++) instances.add(instance("a-0" + i, "a", i % 2 == 1 && i < 8));
        // provider b: 3 instances, all unhealthy → limit 1 → b-0
        for (int i = 0; i < 3; i++) instances.add(instance("b-" + i, "b", true));
        // provider c: healthy → nothing
        instances.add(instance("c-0", "c", false));
        Set<String> chosen = ReplacementPolicy.choose(new FleetState("x", instances, List.of()));
        assertThat(chosen).containsExactly("a-01", "a-03", "b-0");
    }

    private static Instance instance(String id, String provider, boolean unhealthy) {
        Instance i = Fleet.mpsInstance(id, provider, List.of());
        return new Instance(i.id(), provider, null, i.instanceType(), !unhealthy, unhealthy ? "mps-daemon-unresponsive" : null, i.gpus());
    }
}
