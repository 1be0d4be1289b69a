package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.engine.advise.capacity.SharingForm;
import dev.gpushare.engine.advise.internal.LayoutSearch;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.mig.MigLayouts;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.io.SpecReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the spec sections that run some workloads on one pool of one form and instance type, or
 * says the form cannot host them there (too little GPU memory, not that family, …). The engine then
 * places what is built; nothing here estimates.
 */
final class Builder {
    /** Time-slicing replicas are capped like MPS clients (48 per GPU on Volta and newer). */
    static final int MAX_REPLICAS = 48;

    private final Catalog catalog;
    private final Map<String, List<List<MigProfile>>> layouts = new java.util.concurrent.ConcurrentHashMap<>();

    Builder(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Time-slicing replicas per GPU that keep every copy's memory: ⌊usable / copy⌋, at most {@value #MAX_REPLICAS}. */
    int replicas(Workload w, InstanceType t) {
        long mib = Math.max(1, w.sharedMiB());
        return (int) Math.min(MAX_REPLICAS, catalog.usableGpuMemoryMiB(t) / mib);
    }

    /** The workloads (all services or all components) on one pool named {@code name}. */
    Optional<Pieces> build(List<Workload> ws, SharingForm form, InstanceType t, int replicas, String name) {
        GpuModel model = catalog.gpuModel(t.gpuModel()).orElse(null);
        if (model == null) return Optional.empty();
        boolean services = ws.get(0).isService();
        // services go to EC2 types, components to SageMaker ones; declared types serve both, whole only
        if (t.builtIn() && Families.sageMaker(t) == services) return Optional.empty();
        if (!t.builtIn() && form != SharingForm.WHOLE_GPU) return Optional.empty();
        // SageMaker endpoints offer whole GPUs or a MIG layout, nothing else
        if (!services && form != SharingForm.WHOLE_GPU && form != SharingForm.MIG) return Optional.empty();
        for (Workload w : ws) if (!fits(w, form, t, model, replicas)) return Optional.empty();
        if (form == SharingForm.MIG) return mig(ws, t, model, name);
        if (!services) return Optional.of(wholeEndpoint(ws, t, name));
        CapacityProvider pool = new CapacityProvider(name, t.name(), 0, maxInstances(ws), switch (form) {
            case WHOLE_GPU -> new GpuSharing.Exclusive();
            case MPS -> new GpuSharing.Mps(null);
            case TIME_SLICING -> new GpuSharing.TimeSlicing(replicas);
            case FRACTION -> null; // a fractional type takes no strategy
            case MIG -> throw new IllegalStateException("MIG is built above");
        });
        List<TaskDefinition> tasks = new ArrayList<>();
        List<Service> svcs = new ArrayList<>();
        for (Workload w : ws) {
            tasks.add(task(w, form, t, null));
            svcs.add(new Service(w.service().name(), w.task().family(), name, w.copies(), w.service().placementStrategy(),
                    w.service().deploymentConfiguration(), w.service().deploymentCircuitBreaker()));
        }
        return Optional.of(Pieces.service(pool, tasks, svcs));
    }

    private boolean fits(Workload w, SharingForm form, InstanceType t, GpuModel model, int replicas) {
        long usable = catalog.usableGpuMemoryMiB(t);
        String family = Families.of(t);
        boolean share = w.wholeGpus() == 0;
        return switch (form) {
            case WHOLE_GPU -> {
                int gpus = 0;
                long perGpu = 0;
                for (ContainerNeed n : w.needs()) {
                    gpus += Math.max(1, n.wholeGpus());
                    perGpu = Math.max(perGpu, n.memoryMiB());
                }
                yield !t.fractional() && t.gpuCount() >= gpus && usable >= perGpu;
            }
            case MPS -> share && !t.fractional() && model.mpsCapable() && Families.MPS.contains(family)
                    && usable >= w.sharedMiB();
            case FRACTION -> share && t.fractional() && w.needs().size() == 1 && usable >= w.sharedMiB();
            case TIME_SLICING -> share && !t.fractional() && w.needs().size() == 1 && Families.MPS.contains(family)
                    && replicas >= 2 && replicas(w, t) >= replicas;
            case MIG -> share && model.mig() != null && Families.MIG.contains(family);
        };
    }

    /** The task with each GPU container in the form; other containers unchanged. */
    private TaskDefinition task(Workload w, SharingForm form, InstanceType t, Map<String, String> partitions) {
        List<Container> out = new ArrayList<>();
        int i = 0;
        for (Container c : w.task().containers()) {
            if (c.gpu() == null) {
                out.add(c);
                continue;
            }
            ContainerNeed n = w.needs().get(i++);
            GpuRequirement gpu = switch (form) {
                case WHOLE_GPU -> new GpuRequirement.Whole(Math.max(1, n.wholeGpus()));
                case MPS -> new GpuRequirement.NvidiaMps(Math.toIntExact(n.memoryMiB()), n.computePercent());
                case FRACTION -> new GpuRequirement.Fraction(t.fraction());
                case TIME_SLICING -> new GpuRequirement.Whole(1);
                case MIG -> new GpuRequirement.Partition(partitions.get(key(w, c.name())));
            };
            out.add(c.withGpu(gpu));
        }
        return new TaskDefinition(w.task().family(), w.task().cpu(), w.task().memoryMiB(), out);
    }

    /** Components on whole GPUs: one per copy; the instance count is a first guess the evaluation raises. */
    private Pieces wholeEndpoint(List<Workload> ws, InstanceType t, String name) {
        int copies = 0;
        List<InferenceComponent> ics = new ArrayList<>();
        for (Workload w : ws) {
            copies += w.copies();
            InferenceComponent ic = w.component();
            ics.add(new InferenceComponent(ic.name(), name, ic.model(), null, ic.copyCount(), ic.hostMemoryMiB(), ic.gpuMemoryMiB(),
                    ic.rollingUpdatePolicy()));
        }
        int count = Math.max(1, (copies + t.gpuCount() - 1) / t.gpuCount());
        return Pieces.endpoint(new Endpoint(name, t.name(), count, null), ics);
    }

    /** One MIG layout for all the workloads' containers, by the layout advisor's exact search. */
    private Optional<Pieces> mig(List<Workload> ws, InstanceType t, GpuModel model, String name) {
        List<InferenceComponent> asks = new ArrayList<>();
        for (Workload w : ws) {
            for (ContainerNeed n : w.needs()) {
                if (n.memoryMiB() > Integer.MAX_VALUE) return Optional.empty();
                asks.add(new InferenceComponent(key(w, n.container()), name, n.container(), null, w.copies(), null,
                        (int) n.memoryMiB()));
            }
        }
        List<List<MigProfile>> candidates = layouts.computeIfAbsent(model.name(), m -> MigLayouts.allValidLayouts(model.mig(), true));
        LayoutSearch.Result r = LayoutSearch.best(candidates, asks);
        if (r == null) return Optional.empty();
        Map<String, String> profileOf = new HashMap<>();
        for (int i = 0; i < asks.size(); i++) profileOf.put(asks.get(i).name(), r.assignment().get(i).name());
        List<String> layout = r.layout().stream().map(MigProfile::name).toList();
        if (!ws.get(0).isService()) {
            List<InferenceComponent> ics = new ArrayList<>();
            for (Workload w : ws) {
                InferenceComponent ic = w.component();
                ics.add(new InferenceComponent(ic.name(), name, ic.model(), "mig-" + profileOf.get(key(w, ic.model())),
                        ic.copyCount(), ic.hostMemoryMiB(), null, ic.rollingUpdatePolicy()));
            }
            int count = Math.max(1, (r.gpus() + t.gpuCount() - 1) / t.gpuCount());
            return Optional.of(Pieces.endpoint(new Endpoint(name, t.name(), count,
                    layout.stream().map(p -> "mig-" + p).toList()), ics));
        }
        CapacityProvider pool = new CapacityProvider(name, t.name(), 0, maxInstances(ws), new GpuSharing.Mig(layout));
        List<TaskDefinition> tasks = new ArrayList<>();
        List<Service> svcs = new ArrayList<>();
        for (Workload w : ws) {
            tasks.add(task(w, SharingForm.MIG, t, profileOf));
            svcs.add(new Service(w.service().name(), w.task().family(), name, w.copies(), w.service().placementStrategy(),
                    w.service().deploymentConfiguration(), w.service().deploymentCircuitBreaker()));
        }
        return Optional.of(Pieces.service(pool, tasks, svcs));
    }

    /**
     * A pool's bound: one instance per copy is the most its copies can need (a copy fits one instance
     * or none), so the bound never refuses a copy — and it keeps the solver's per-pool structures small.
     */
    private static int maxInstances(List<Workload> ws) {
        long copies = 0;
        for (Workload w : ws) copies += w.copies();
        return (int) Math.min(SpecReader.NO_INSTANCE_LIMIT, Math.max(1, copies));
    }

    private static String key(Workload w, String container) {
        return w.name() + "/" + container;
    }
}
