package dev.gpushare.engine.render.internal;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class InstanceGroupsTest {
    private static Instance inst(String id, boolean healthy, long mib, String... tasks) {
        List<Allocation> a = java.util.Arrays.stream(tasks)
                .map(t -> new Allocation(TaskId.parse(t), "c", mib, null, null, Map.of())).toList();
        return new Instance(InstanceId.parse(id), new Owner.CapacityProvider("p"), "g6.xlarge", healthy, healthy ? null : "down",
                List.of(new Gpu(0, "L4", 22563, a.isEmpty() ? GpuMode.IDLE : GpuMode.MPS, null, List.of(), a)));
    }

    @Test
    void copiesOfOneServiceLookAlikeOtherDifferencesDoNot() {
        List<InstanceGroups.Group> groups = InstanceGroups.of(List.of(
                inst("p-0", true, 4096, "a/0"),
                inst("p-1", true, 4096, "b/0"),      // another service
                inst("p-2", true, 4096, "a/7"),      // same as p-0 up to the copy number
                inst("p-3", true, 2048, "a/8"),      // other memory
                inst("p-4", false, 4096, "a/9"),     // unhealthy: always alone
                inst("p-5", true, 4096, "a/10")));
        assertThat(groups).extracting(g -> g.members().stream().map(i -> i.id().toString()).toList()).containsExactly(
                List.of("p-0", "p-2", "p-5"), List.of("p-1"), List.of("p-3"), List.of("p-4"));
    }
}
