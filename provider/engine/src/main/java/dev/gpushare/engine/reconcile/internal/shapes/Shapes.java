package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The instances as the actions checked so far leave them: their types and GPU configuration only
 * (what the copies take is measured on the one transition's fold, {@code Fits}). Instances come
 * from the {@link StateView} the first time an action names them, so a batch costs what it
 * touches, not the fleet.
 */
final class Shapes {
    private final Catalog catalog;
    private final StateView view;
    private final Map<InstanceId, Inst> instances = new HashMap<>();
    private final Set<InstanceId> terminated = new HashSet<>();

    /** An instance: its head (id, owner, type, health; its gpus are not read), its type, its GPUs. */
    static final class Inst {
        final Instance head;
        final InstanceType type;      // null when neither the catalog nor a declaration has it
        final Map<Integer, G> gpus = new LinkedHashMap<>();

        Inst(Instance head, InstanceType type) {
            this.head = head;
            this.type = type;
            for (Gpu g : head.gpus()) gpus.put(g.index(), new G(g));
        }
    }

    /** A GPU's model, memory and configuration. */
    static final class G {
        final int index;
        final String model;
        final long memoryMiB;
        GpuMode mode;
        BigDecimal fraction;
        List<MigPartition> partitions;

        G(Gpu g) {
            this.index = g.index();
            this.model = g.model();
            this.memoryMiB = g.memoryMiB();
            this.mode = g.mode();
            this.fraction = g.fraction();
            this.partitions = g.partitions();
        }
    }

    Shapes(Catalog catalog, StateView view) {
        this.catalog = catalog;
        this.view = view;
    }

    Catalog catalog() {
        return catalog;
    }

    /** The instance as the earlier actions leave it, or null when there is none. */
    Inst instance(InstanceId id) {
        Inst in = instances.get(id);
        if (in != null || terminated.contains(id)) return in;
        Instance i = view.instance(id).orElse(null);
        if (i == null) return null;
        in = new Inst(i, catalog.instanceType(i.instanceType()).orElse(null));
        instances.put(i.id(), in);
        return in;
    }

    /**
     * Folds {@code action} in: a termination always, a launch or a GPU's configuration only when
     * {@code wellFormed} (the rules found nothing but text to refuse in it).
     */
    void fold(Action action, boolean wellFormed) {
        switch (action) {
            case LaunchInstance l -> { if (wellFormed) launch(l.instance(), LaunchType.of(l.instance(), l.declaredType(), "", catalog)); }
            case ReplaceInstance r -> { if (wellFormed) launch(r.instance(), LaunchType.of(r.instance(), r.declaredType(), "", catalog)); }
            case ConfigureGpu c -> {
                if (!wellFormed) return;
                G g = instance(c.instanceId()).gpus.get(c.gpuIndex());
                g.mode = c.mode();
                g.fraction = c.fraction();
                g.partitions = c.partitions();
            }
            case TerminateInstance t -> {
                instances.remove(t.instanceId());
                terminated.add(t.instanceId());
            }
            default -> { }
        }
    }

    private void launch(Instance i, LaunchType launch) {
        terminated.remove(i.id());
        instances.put(i.id(), new Inst(i, launch.type()));
    }
}
