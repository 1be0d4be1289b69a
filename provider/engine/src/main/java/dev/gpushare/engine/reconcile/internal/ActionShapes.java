package dev.gpushare.engine.reconcile.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.problem.Problem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Folds actions over the instances they touch and checks each on the way: what {@link
 * dev.gpushare.engine.reconcile.ActionCheck} does. Instances come from the {@link StateView} the
 * first time an action names them, so a batch costs what it touches, not the fleet. Only the
 * instances' types and GPU configuration are kept here; what the copies take is measured on the one
 * transition's fold ({@link Fits}) and the modes at the end ({@link GpuModes}).
 */
public final class ActionShapes {
    /** More problems than this are counted, not listed: a forged batch of a million actions gets a short answer. */
    static final int MAX_PROBLEMS = 50;

    private final Catalog catalog;
    private final StateView view;
    private final Map<InstanceId, Inst> instances = new HashMap<>();
    private final Set<InstanceId> terminated = new HashSet<>();
    private final List<Problem> problems = new ArrayList<>();
    private int dropped;

    private static final class Inst {
        final Instance head;          // id, owner, type, health; its gpus are not read
        final InstanceType type;      // null when neither the catalog nor a declaration has it
        final Map<Integer, G> gpus = new LinkedHashMap<>();

        Inst(Instance head, InstanceType type) {
            this.head = head;
            this.type = type;
        }
    }

    private static final class G {
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

    private ActionShapes(Catalog catalog, StateView view) {
        this.catalog = catalog;
        this.view = view;
    }

    /** A checker that loads instances from {@code view} as actions name them (a backend's batch). */
    public static ActionShapes over(StateView view, Catalog catalog) {
        return new ActionShapes(catalog, view);
    }

    /** Checks and folds {@code actions}; paths are {@code base + "/" + (offset + i)}. */
    public void actions(List<? extends Action> actions, String base, int offset) {
        for (int i = 0; i < actions.size(); i++) action(actions.get(i), base + "/" + (offset + i));
    }

    public List<Problem> problems() {
        if (dropped == 0) return List.copyOf(problems);
        List<Problem> out = new ArrayList<>(problems);
        out.add(Problem.at("", problems.getLast().code(), "… and " + dropped + " more problem(s), not listed"));
        return out;
    }

    // ---- actions --------------------------------------------------------------------------------

    private void action(Action action, String path) {
        switch (action) {
            case LaunchInstance l -> launch(l.instance(), l.declaredLayout(), l.declaredType(), path);
            case ReplaceInstance r -> {
                text(r.reason(), path + "/reason");
                launch(r.instance(), r.declaredLayout(), r.declaredType(), path);
            }
            case ConfigureGpu c -> configure(c, path);
            case PlaceCopy p -> place(p.task(), p.placements(), path, path + "/to");
            case MoveCopy m -> {
                text(m.reason(), path + "/reason");
                ids(m.task(), m.from(), path, path + "/from");
                place(m.task(), m.to(), path, path + "/to");
            }
            case StopCopy s -> {
                ids(s.task(), s.from(), path, path + "/from");
            }
            case TerminateInstance t -> {
                if (!Ids.instance(t.instanceId())) badId(path + "/instance", "instance id", t.instanceId());
                text(t.reason(), path + "/reason");
                instances.remove(t.instanceId());
                terminated.add(t.instanceId());
            }
            case Action.RecordRollout r -> {
                text(r.record().group(), path + "/rollout/group");
                text(r.record().to(), path + "/rollout/to");
            }
        }
    }

    private void launch(Instance i, List<String> declaredLayout, InstanceTypeDef declared, String path) {
        String at = path + "/instance";
        boolean ok = true;
        if (!Ids.instance(i.id())) ok = badId(at + "/id", "instance id", i.id());
        if (!Ids.name(i.owner().name())) {
            ok = badId(at + "/" + i.owner().field(), "owner", i.owner().name());
        } else if (ok && !i.id().of(i.owner())) {
            ok = add(at + "/id", ApplyCode.ACTION_MALFORMED_ID, "instance " + show(i.id()) + " is not named after its owner "
                    + show(i.owner().name()) + " (OWNER-N)");
        }
        if (i.healthReason() != null) text(i.healthReason(), at + "/healthReason");
        InstanceType type = type(i.instanceType(), declared, path);
        if (type == null) return;
        GpuModel model = catalog.gpuModel(type.gpuModel()).orElse(null);
        if (model == null) {
            add(at + "/instanceType", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "instance type " + show(type.name())
                    + " has GPU model " + show(type.gpuModel()) + ", which the catalog does not know");
            return;
        }
        if (i.gpus().size() != type.gpuCount()) {
            add(at + "/gpus", ApplyCode.ACTION_INSTANCE_SHAPE, "instance " + show(i.id()) + " of type " + type.name()
                    + " has " + i.gpus().size() + " GPUs; the type has " + type.gpuCount());
            return;
        }
        long memory = type.usableGpuMemoryMiB(model);
        for (int k = 0; k < i.gpus().size(); k++) {
            Gpu g = i.gpus().get(k);
            String gp = at + "/gpus/" + k;
            if (g.index() != k) ok = add(gp + "/index", ApplyCode.ACTION_INSTANCE_SHAPE, "GPU " + k + " of " + show(i.id())
                    + " has index " + g.index() + "; GPUs are numbered 0 to " + (type.gpuCount() - 1));
            if (!model.name().equals(g.model())) ok = add(gp + "/model", ApplyCode.ACTION_INSTANCE_SHAPE, "GPU " + k
                    + " of " + show(i.id()) + " is a " + show(g.model()) + "; a " + type.name() + " has " + model.name());
            if (g.memoryMiB() != memory) ok = add(gp + "/memoryMiB", ApplyCode.ACTION_INSTANCE_SHAPE, "GPU " + k + " of "
                    + show(i.id()) + " has " + g.memoryMiB() + " MiB; a " + type.name() + " GPU has " + memory + " MiB");
            if (!g.allocations().isEmpty()) ok = add(gp + "/allocations", ApplyCode.ACTION_INSTANCE_SHAPE,
                    "a launched instance starts without copies; place them with placeCopy");
            ok &= config(type, model, g.mode(), g.fraction(), g.partitions(), gp);
        }
        if (declaredLayout != null) {
            if (declaredLayout.size() > 8 || !model.migCapable()) {
                ok = add(path + "/declaredLayout", ApplyCode.ACTION_INSTANCE_SHAPE, "a declared layout of "
                        + declaredLayout.size() + " MIG profiles does not fit a " + model.name());
            } else {
                for (int k = 0; k < declaredLayout.size(); k++) {
                    if (model.mig().profile(MigProfile.normalize(String.valueOf(declaredLayout.get(k)))).isEmpty()) {
                        ok = add(path + "/declaredLayout/" + k, ApplyCode.ACTION_INSTANCE_SHAPE, "profile "
                                + show(declaredLayout.get(k)) + " is not a MIG profile of " + model.name());
                    }
                }
            }
        }
        if (!ok) return;
        terminated.remove(i.id());
        Inst in = new Inst(i, type);
        for (Gpu g : i.gpus()) in.gpus.put(g.index(), new G(g));
        instances.put(i.id(), in);
    }

    /** The instance type of a launch: the catalog's, or the declaration carried by the action. */
    private InstanceType type(String name, InstanceTypeDef declared, String path) {
        String at = path + "/instance/instanceType";
        if (name == null || !Ids.TYPE.matcher(name).matches()) {
            badId(at, "instance type", name);
            return null;
        }
        InstanceType known = catalog.instanceType(name).orElse(null);
        if (known != null && known.builtIn()) {
            if (declared != null) {
                add(path + "/declaredType", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "instance type " + name
                        + " is in the catalog; a launch of it declares nothing");
                return null;
            }
            return known;
        }
        if (declared == null) {
            if (known != null) return known; // declared to the catalog this check was given
            add(at, ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "instance type " + show(name) + " is not in the catalog and"
                    + " the launch declares no such type; see `gpushare catalog`");
            return null;
        }
        String dp = path + "/declaredType";
        if (!name.equals(declared.name())) {
            add(dp + "/name", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "the launch declares type " + show(declared.name())
                    + " for an instance of type " + name);
            return null;
        }
        if (catalog.gpuModel(declared.gpuModel()).isEmpty()) {
            add(dp + "/gpuModel", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "declared type " + name + " names GPU model "
                    + show(declared.gpuModel()) + ", which the catalog does not know");
            return null;
        }
        if (declared.gpuCount() < 1 || declared.gpuCount() > 64 || declared.vcpus() < 1 || declared.memoryMiB() < 1) {
            add(dp, ApplyCode.ACTION_OUT_OF_RANGE, "declared type " + name + " has " + declared.gpuCount() + " GPUs, "
                    + declared.vcpus() + " vCPUs and " + declared.memoryMiB() + " MiB; use 1 to 64 GPUs and positive sizes");
            return null;
        }
        return new InstanceType(name, declared.gpuModel(), declared.gpuCount(), declared.vcpus(), declared.memoryMiB(),
                null, null, false);
    }

    /** A GPU's mode, fraction and MIG partitions hold for its instance type and model. */
    private boolean config(InstanceType type, GpuModel model, GpuMode mode, BigDecimal fraction, List<MigPartition> parts,
                           String path) {
        boolean ok = true;
        if (mode == null) return add(path + "/mode", ApplyCode.ACTION_INSTANCE_SHAPE, "a GPU needs a mode");
        if ((mode == GpuMode.FRACTIONAL) != type.fractional()) {
            ok = add(path + "/mode", ApplyCode.ACTION_INSTANCE_SHAPE, "a " + type.name() + " GPU is "
                    + (type.fractional() ? "always FRACTIONAL" : "never FRACTIONAL") + ", not " + mode);
        }
        boolean sameFraction = fraction == null ? type.fraction() == null
                : type.fraction() != null && fraction.compareTo(type.fraction()) == 0;
        if (!sameFraction) ok = add(path + "/fraction", ApplyCode.ACTION_INSTANCE_SHAPE, "a " + type.name() + " GPU has fraction "
                + (type.fraction() == null ? "null" : type.fraction().toPlainString()) + ", not " + fraction);
        if (mode == GpuMode.MPS && !model.mpsCapable()) {
            ok = add(path + "/mode", ApplyCode.ACTION_INSTANCE_SHAPE, "a " + model.name() + " cannot run MPS");
        }
        if (mode != GpuMode.MIG) {
            if (!parts.isEmpty()) ok = add(path + "/partitions", ApplyCode.ACTION_INSTANCE_SHAPE, "only a MIG GPU has partitions");
            return ok;
        }
        if (!model.migCapable()) return add(path + "/mode", ApplyCode.ACTION_INSTANCE_SHAPE, "a " + model.name() + " has no MIG");
        boolean[] used = new boolean[model.mig().placementUnits()];
        Map<String, Integer> counts = new HashMap<>();
        for (int k = 0; k < parts.size(); k++) {
            MigPartition p = parts.get(k);
            String pp = path + "/partitions/" + k;
            MigProfile profile = model.mig().profile(String.valueOf(p.profile())).orElse(null);
            if (profile == null) {
                ok = add(pp + "/profile", ApplyCode.ACTION_INSTANCE_SHAPE, show(p.profile()) + " is not a MIG profile of " + model.name());
                continue;
            }
            if (!profile.starts().contains(p.start())) {
                ok = add(pp + "/start", ApplyCode.ACTION_INSTANCE_SHAPE, profile.name() + " cannot start at unit " + p.start()
                        + " of a " + model.name() + "; it starts at one of " + profile.starts());
                continue;
            }
            if (p.memoryMiB() != profile.memoryMiB()) {
                ok = add(pp + "/memoryMiB", ApplyCode.ACTION_INSTANCE_SHAPE, profile.name() + " on a " + model.name() + " has "
                        + profile.memoryMiB() + " MiB, not " + p.memoryMiB());
            }
            if (counts.merge(profile.name(), 1, Integer::sum) > profile.maxCount()) {
                ok = add(pp, ApplyCode.ACTION_INSTANCE_SHAPE, "a " + model.name() + " holds at most " + profile.maxCount()
                        + " × " + profile.name());
            }
            for (int u = p.start(); u < p.start() + profile.size() && u < used.length; u++) {
                if (used[u]) {
                    ok = add(pp, ApplyCode.ACTION_INSTANCE_SHAPE, profile.name() + "@" + p.start() + " overlaps another"
                            + " partition at unit " + u);
                    break;
                }
                used[u] = true;
            }
        }
        return ok;
    }

    private void configure(ConfigureGpu c, String path) {
        if (!Ids.instance(c.instanceId())) {
            badId(path + "/instance", "instance id", c.instanceId());
            return;
        }
        Inst in = instance(c.instanceId());
        if (in == null) {
            add(path + "/instance", ApplyCode.ACTION_UNKNOWN_TARGET, "configures instance " + c.instanceId()
                    + ", which the cluster does not have");
            return;
        }
        G g = in.gpus.get(c.gpuIndex());
        if (g == null) {
            add(path + "/gpu", ApplyCode.ACTION_OUT_OF_RANGE, "instance " + c.instanceId() + " has GPUs 0 to "
                    + (in.gpus.size() - 1) + ", not " + c.gpuIndex());
            return;
        }
        InstanceType type = in.type != null ? in.type : undeclared(in, g);
        GpuModel model = catalog.gpuModel(g.model).orElse(null);
        if (model == null) {
            add(path, ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "GPU " + c.gpuIndex() + " of " + c.instanceId() + " is a "
                    + show(g.model) + ", which the catalog does not know");
            return;
        }
        if (!config(type, model, c.mode(), c.fraction(), c.partitions(), path)) return;
        g.mode = c.mode();
        g.fraction = c.fraction();
        g.partitions = c.partitions();
    }

    /** An instance read from the state whose type is declared by its spec (not in the catalog): whole GPUs of its model. */
    private static InstanceType undeclared(Inst in, G g) {
        return new InstanceType(in.head.instanceType(), g.model, in.gpus.size(), 1, 1, null, null, false);
    }

    private void place(TaskId task, List<Placement> placements, String path, String listPath) {
        if (!Ids.task(task)) {
            badId(path + "/task", "task", task);
            return;
        }
        if (placements.isEmpty()) {
            add(listPath, ApplyCode.ACTION_UNKNOWN_TARGET, "copy " + task + " is placed nowhere");
            return;
        }
        // per container, the GPUs it gets (NVIDIA_VISIBLE_DEVICES lists them all)
        record Container(InstanceId instance, String name) {}
        Map<Container, List<Integer>> gpusOf = new HashMap<>();
        for (Placement p : placements) {
            gpusOf.computeIfAbsent(new Container(p.instanceId(), p.allocation().container()), k -> new ArrayList<>()).add(p.gpuIndex());
        }
        boolean ok = true;
        for (int k = 0; k < placements.size(); k++) {
            Placement p = placements.get(k);
            String pp = listPath + "/" + k;
            G g = target(p, pp);
            if (g == null) {
                ok = false;
                continue;
            }
            ok &= allocation(task, p, g, gpusOf.get(new Container(p.instanceId(), p.allocation().container())), pp + "/allocation");
        }
    }

    /** The GPU a placement names, or null after reporting why it does not exist. */
    private G target(Placement p, String path) {
        if (!Ids.instance(p.instanceId())) {
            badId(path + "/instance", "instance id", p.instanceId());
            return null;
        }
        Inst in = instance(p.instanceId());
        if (in == null) {
            add(path + "/instance", ApplyCode.ACTION_UNKNOWN_TARGET, "places a copy on instance " + p.instanceId()
                    + ", which neither the cluster nor an earlier action has");
            return null;
        }
        G g = in.gpus.get(p.gpuIndex());
        if (g == null) {
            add(path + "/gpu", ApplyCode.ACTION_OUT_OF_RANGE, "instance " + p.instanceId() + " has GPUs 0 to "
                    + (in.gpus.size() - 1) + ", not " + p.gpuIndex());
        }
        return g;
    }

    private boolean allocation(TaskId task, Placement p, G g, List<Integer> gpus, String path) {
        Allocation a = p.allocation();
        boolean ok = true;
        if (!task.equals(a.task())) ok = add(path + "/task", ApplyCode.ACTION_MALFORMED_ID, "the allocation is of task "
                + show(a.task()) + ", the action of " + task);
        if (!Ids.text(a.container())) ok = badId(path + "/container", "container", a.container());
        if (a.memoryMiB() != null && (a.memoryMiB() < 1 || a.memoryMiB() > g.memoryMiB)) {
            ok = add(path + "/memoryMiB", ApplyCode.ACTION_OUT_OF_RANGE, "copy " + task + " asks for " + a.memoryMiB()
                    + " MiB on GPU " + g.index + " of " + p.instanceId() + ", which has " + g.memoryMiB + " MiB");
        }
        if (a.maxComputePercent() != null && (a.maxComputePercent() < 1 || a.maxComputePercent() > 100 || a.memoryMiB() == null)) {
            ok = add(path + "/maxComputePercent", ApplyCode.ACTION_OUT_OF_RANGE, "copy " + task + " asks for "
                    + a.maxComputePercent() + " percent; an MPS copy's limit is 1 to 100 percent");
        }
        if (a.partition() != null) {
            if (a.memoryMiB() != null) ok = add(path + "/memoryMiB", ApplyCode.ACTION_OUT_OF_RANGE,
                    "a copy on a MIG instance reserves no MPS memory");
            GpuModel model = catalog.gpuModel(g.model).orElse(null);
            MigProfile profile = model == null || !model.migCapable() ? null
                    : model.mig().profile(String.valueOf(a.partition().profile())).orElse(null);
            if (profile == null || !profile.starts().contains(a.partition().start())) {
                ok = add(path + "/partition", ApplyCode.ACTION_OUT_OF_RANGE, "copy " + task + " names MIG instance "
                        + show(a.partition().profile()) + "@" + a.partition().start() + ", which a " + g.model + " cannot have");
            }
        }
        if (!ok) return false;
        Map<String, String> expected = ContainerEnv.of(gpus, p.gpuIndex(), a.memoryMiB(), a.maxComputePercent(), a.partition());
        if (!expected.equals(a.env())) {
            Set<String> extra = new java.util.TreeSet<>(a.env().keySet());
            extra.removeAll(expected.keySet());
            String what = !extra.isEmpty() ? "sets " + show(String.join(", ", extra)) + ", which gpushare never sets"
                    : "has " + show(String.valueOf(a.env())) + " where gpushare sets " + expected;
            return add(path + "/env", ApplyCode.ACTION_ENVIRONMENT, "the environment of copy " + task + " " + what);
        }
        return true;
    }

    /** Where a copy ran (moves and stops say so for the plan text): only the shapes are checked. */
    private void ids(TaskId task, List<Placement> from, String path, String listPath) {
        if (!Ids.task(task)) badId(path + "/task", "task", task);
        for (int k = 0; k < from.size(); k++) {
            Placement p = from.get(k);
            if (!Ids.instance(p.instanceId())) badId(listPath + "/" + k + "/instance", "instance id", p.instanceId());
            if (!Ids.text(p.allocation().container())) badId(listPath + "/" + k + "/allocation/container", "container",
                    p.allocation().container());
        }
    }

    private void text(String s, String path) {
        if (!Ids.text(s)) add(path, ApplyCode.ACTION_TEXT, "the text " + show(s) + " holds control characters or is"
                + " longer than " + Ids.MAX_TEXT + " characters");
    }

    // ---- state ----------------------------------------------------------------------------------

    private Inst instance(InstanceId id) {
        Inst in = instances.get(id);
        if (in != null || terminated.contains(id)) return in;
        Instance i = view.instance(id).orElse(null);
        return i == null ? null : load(i);
    }

    private Inst load(Instance i) {
        InstanceType type = catalog.instanceType(i.instanceType()).orElse(null);
        Inst in = new Inst(i, type);
        for (Gpu g : i.gpus()) in.gpus.put(g.index(), new G(g));
        instances.put(i.id(), in);
        return in;
    }

    private boolean badId(String path, String what, Object value) {
        return add(path, ApplyCode.ACTION_MALFORMED_ID, "the " + what + " " + show(value) + " is not a gpushare name"
                + " (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)");
    }

    /** Always false, so that checks read {@code ok = add(...)}. */
    private boolean add(String path, ApplyCode code, String message) {
        if (problems.size() >= MAX_PROBLEMS) {
            dropped++;
        } else {
            problems.add(Problem.at(path, code, message));
        }
        return false;
    }

    /** A value from the input, quoted and made printable (it may hold the very escapes refused). */
    private static String show(Object value) {
        if (value == null) return "(none)";
        String s = value.toString();
        String cut = s.length() > 80 ? s.substring(0, 80) + "…" : s;
        return "'" + dev.gpushare.model.io.Printable.line(cut) + "'";
    }
}
