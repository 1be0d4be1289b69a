package dev.gpushare.engine.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gpushare.engine.advise.internal.LayoutSearch;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.mig.MigLayouts;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;

/**
 * The layout advisor ({@code gpushare advise}): SageMaker makes the user pick a partition layout;
 * for every endpoint without {@code partitionLayout} whose components all give
 * {@code gpuMemoryMiB} (and no {@code partitionType}) it searches every geometrically valid layout
 * of the GPU ({@link MigLayouts#allValidLayouts}, base profiles) and every assignment of components
 * to profiles, and picks the one that hosts all copies on the fewest GPUs, then with the least
 * memory wasted inside partitions. Exact for one endpoint (endpoints are independent). See
 * docs/advisor.md for how it scales.
 */
public final class LayoutAdvisor {
    private LayoutAdvisor() {}

    public static Advice advise(ResolvedSpec resolved) {
        Spec spec = resolved.spec();
        Catalog catalog = resolved.catalog();
        List<EndpointAdvice> advice = new ArrayList<>();
        List<Advice.NotAdvised> not = new ArrayList<>();
        List<Endpoint> endpoints = new ArrayList<>();
        List<InferenceComponent> components = new ArrayList<>(spec.inferenceComponents());
        for (Endpoint e : spec.endpoints()) {
            List<InferenceComponent> mine = new ArrayList<>();
            for (InferenceComponent ic : spec.inferenceComponents()) if (ic.endpoint().equals(e.name())) mine.add(ic);
            if (!asksForAdvice(e, mine)) {
                endpoints.add(e);
                continue;
            }
            Optional<InstanceType> type = catalog.instanceType(e.instanceType());
            Optional<GpuModel> model = type.flatMap(t -> catalog.gpuModel(t.gpuModel()));
            if (model.isEmpty() || model.get().mig() == null) {
                not.add(new Advice.NotAdvised(e.name(), AdviceCode.MIG_NOT_SUPPORTED, "instance type " + e.instanceType()
                        + " has no MIG-capable GPU; choose a MIG-capable type (e.g. ml.p4d.24xlarge, ml.p5.48xlarge)"));
                endpoints.add(e);
                continue;
            }
            List<List<MigProfile>> layouts = MigLayouts.allValidLayouts(model.get().mig(), true);
            LayoutSearch.Result r = LayoutSearch.best(layouts, mine);
            if (r == null) {
                long biggest = 0;
                for (MigProfile p : model.get().mig().profiles()) biggest = Math.max(biggest, p.memoryMiB());
                not.add(new Advice.NotAdvised(e.name(), AdviceCode.GPU_MEMORY_EXCEEDS_PARTITION, "a component needs more than "
                        + biggest + " MiB, the largest MIG instance of " + model.get().name()
                        + "; lower gpuMemoryMiB or use whole GPUs (drop gpuMemoryMiB)"));
                endpoints.add(e);
                continue;
            }
            int gpusPerInstance = type.get().gpuCount();
            int count = Math.max(1, (r.gpus() + gpusPerInstance - 1) / gpusPerInstance);
            List<String> layout = new ArrayList<>();
            for (MigProfile p : r.layout()) layout.add("mig-" + p.name());
            Map<String, String> types = new LinkedHashMap<>();
            for (int i = 0; i < mine.size(); i++) types.put(mine.get(i).name(), "mig-" + r.assignment().get(i).name());
            advice.add(new EndpointAdvice(e.name(), e.instanceType(), model.get().name(), layout, count, r.gpus(),
                    r.wastedMiB(), types, layouts.size()));
            endpoints.add(new Endpoint(e.name(), e.instanceType(), count, layout));
            for (int i = 0; i < components.size(); i++) {
                InferenceComponent ic = components.get(i);
                if (types.containsKey(ic.name()) && ic.endpoint().equals(e.name())) {
                    components.set(i, new InferenceComponent(ic.name(), ic.endpoint(), ic.model(), types.get(ic.name()),
                            ic.copyCount(), ic.hostMemoryMiB(), null, ic.rollingUpdatePolicy()));
                }
            }
        }
        Spec advised = new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(),
                spec.services(), endpoints, components, spec.instanceTypes(), spec.pricing());
        return new Advice(advice, not, advised);
    }

    /** No layout yet, at least one component, and every component gives gpuMemoryMiB and no partitionType. */
    static boolean asksForAdvice(Endpoint e, List<InferenceComponent> components) {
        if (e.partitionLayout() != null || components.isEmpty()) return false;
        for (InferenceComponent ic : components) {
            if (ic.gpuMemoryMiB() == null || ic.partitionType() != null) return false;
        }
        return true;
    }
}
