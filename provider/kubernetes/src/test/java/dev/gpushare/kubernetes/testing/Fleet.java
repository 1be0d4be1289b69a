package dev.gpushare.kubernetes.testing;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The nodes one test adds (as many of each instance type as a spec may use, plus spares), removed on close. */
public final class Fleet implements AutoCloseable {
    private final KubeCluster cluster;
    private final List<String> names = new ArrayList<>();

    public Fleet(KubeCluster cluster) {
        this.cluster = cluster;
    }

    /** Nodes for the instances the spec's placement on an empty fleet starts, plus {@code spare} of each type. */
    public Fleet forSpec(String prefix, Spec spec, int spare) {
        Map<String, Integer> counts = new TreeMap<>();
        FleetState placed = Pipeline.place(ResolvedSpec.of(spec));
        for (Instance i : placed.instances()) counts.merge(i.instanceType(), 1, Integer::sum);
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            add(prefix + "-" + e.getKey().replace('.', '-'), e.getKey(), e.getValue() + spare);
        }
        return this;
    }

    public List<String> add(String prefix, String instanceType, int count) {
        List<String> added = cluster.nodes().add(prefix, instanceType, count);
        names.addAll(added);
        return added;
    }

    public List<String> names() {
        return List.copyOf(names);
    }

    @Override
    public void close() {
        for (String n : names) {
            cluster.admin().nodes().withName(n).delete();
            cluster.admin().resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class)
                    .withName(n + "-" + Nodes.DRIVER).delete();
        }
    }
}
