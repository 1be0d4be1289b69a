package dev.gpushare.engine.validate;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.List;

/** Specs built in code, as the DSL and the Pulumi provider hand them over. */
final class TestSpecs {
    private TestSpecs() {}

    /** One provider, one task of the given containers, one service of it. */
    static Spec oneService(String instanceType, GpuSharing sharing, List<Container> containers) {
        return new Spec(Spec.API_VERSION, "test",
                List.of(new CapacityProvider("pool", instanceType, 0, 2, sharing)),
                List.of(new TaskDefinition("task", null, null, containers)),
                List.of(new Service("svc", "task", "pool", 1, PlacementStrategy.BINPACK)),
                List.of(), List.of(), List.of());
    }

    /** Containers {@code c0, c1, ...} each asking for an MPS share of that many MiB. */
    static List<Container> mps(List<Integer> memoriesMiB) {
        List<Container> out = new ArrayList<>();
        for (int i = 0; i < memoriesMiB.size(); i++) {
            out.add(new Container("c" + i, "img", new GpuRequirement.NvidiaMps(memoriesMiB.get(i), null)));
        }
        return out;
    }
}
