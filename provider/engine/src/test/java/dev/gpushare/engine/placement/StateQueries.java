package dev.gpushare.engine.placement;

import dev.gpushare.engine.state.InstanceId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;

/** Small queries over a placed state for assertions. */
final class StateQueries {
    private StateQueries() {}

    static List<Gpu> busyGpus(FleetState s) {
        List<Gpu> out = new ArrayList<>();
        for (Instance i : s.instances()) for (Gpu g : i.gpus()) if (!g.allocations().isEmpty()) out.add(g);
        return out;
    }

    static long mpsUsed(Gpu g) {
        long sum = 0;
        for (Allocation a : g.allocations()) if (a.memoryMiB() != null) sum += a.memoryMiB();
        return sum;
    }

    /** Where each allocation is: task → list of "instance#gpu". */
    static Map<String, List<String>> where(FleetState s) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Instance i : s.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    out.computeIfAbsent(a.task().toString(), k -> new ArrayList<>()).add(i.id() + "#" + g.index()
                            + (a.partition() == null ? "" : "@" + a.partition().start()));
                }
            }
        }
        return out;
    }

    static Instance instance(FleetState s, String id) {
        return s.instances().stream().filter(i -> i.id().equals(InstanceId.parse(id))).findFirst().orElseThrow();
    }

    static List<String> ids(FleetState s) {
        return s.instances().stream().map(i -> i.id().toString()).toList();
    }
}
