package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Rollout;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cuts a plan's rollouts into waves. A rollout is the set of a group's moves whose revision changes
 * (placement keeps where a copy runs; the revision says what). The other actions keep their safe
 * order; the waves run after the other copies are placed and moved and before GPUs are
 * reconfigured and instances terminated, one group after another, each wave:
 * <ol>
 *   <li>stops the copies that must stop first ({@code StopCopy}),</li>
 *   <li>starts the new copies next to the old ones ({@code MoveCopy}: the new copy starts, is ready,
 *       then the old one stops) and those stopped first ({@code PlaceCopy}).</li>
 * </ol>
 * At the peak of a wave — every new copy of it started, the old ones of start-first copies still
 * running — no GPU holds more than its usable memory or MPS clients, no partition, whole GPU or
 * time-slicing replica is taken twice; healthy copies stay ≥ ⌈minimumHealthyPercent × desiredCount⌉
 * (at most {@code n − that} stop first per wave) and running copies ≤ ⌊maximumPercent ×
 * desiredCount⌋ (at most {@code that − n} start first per wave). An inference component follows
 * SageMaker's rolling update: batches of {@code maximumBatchSize}, new capacity before old is
 * removed (start first only). A copy takes its old copy's place when the GPU has room for both;
 * otherwise it starts on a free GPU of its pool — one no later action of the plan reconfigures or
 * terminates, on an instance whose host still holds its copies with it ({@link Admission}, what
 * apply measures after every action) — or stops first where the minimum allows; where neither works the group's rollout is
 * refused whole ({@link PlacementCode#ROLLOUT_NO_ROOM}, its copies keep their revision), never
 * left half done.
 */
public final class Waves {
    /** MPS clients per GPU when a capacity provider gives no maxClientsPerGpu (the driver's limit). */
    static final int DEFAULT_MAX_CLIENTS = 48;

    private Waves() {}

    /**
     * The plan's actions in apply's order, the wave of each (0 outside rollouts), the rollouts, and
     * the rollouts refused (one {@link Unplaced} per refused group, on its first copy).
     */
    public record Result(List<Action> actions, List<Integer> waves, List<Rollout> rollouts, List<Unplaced> refused, boolean relocated) {
        /** True when some rollout was refused: its copies keep their revision. */
        public boolean refusedAny() {
            return !refused.isEmpty();
        }

        /** True when the actions lead elsewhere than placement's desired state (a rollout refused, or copies moved to free room). */
        public boolean refold() {
            return relocated || !refused.isEmpty();
        }
    }

    /**
     * True when {@code m} changes only the revision a copy runs: the same containers on the same GPUs
     * with the same shares. (A copy whose GPU ask changes too is placed anew by placement and moved
     * as before, in one step.)
     */
    public static boolean rollsOut(MoveCopy m) {
        if (m.from().isEmpty() || m.from().size() != m.to().size()
                || Objects.equals(m.from().getFirst().allocation().revision(), m.to().getFirst().allocation().revision())) {
            return false;
        }
        for (int k = 0; k < m.from().size(); k++) {
            Placement a = m.from().get(k), b = m.to().get(k);
            if (!a.instanceId().equals(b.instanceId()) || a.gpuIndex() != b.gpuIndex()
                    || !a.allocation().withRevision(null).equals(b.allocation().withRevision(null))) {
                return false;
            }
        }
        return true;
    }

    /**
     * As {@link #order(FleetState, List, Spec, Admission)}, with the checks the state itself allows
     * (no host needs: a caller without the resolved spec).
     */
    public static Result order(FleetState current, List<Action> actions, Spec spec) {
        return order(current, actions, spec, null);
    }

    /**
     * @param admission what apply measures after every action (the spec's host needs and limits): a
     *                  copy started on another GPU to free room must leave its instance within it;
     *                  null: GPU room only
     */
    public static Result order(FleetState current, List<Action> actions, Spec spec, Admission admission) {
        Map<String, List<MoveCopy>> rollouts = new TreeMap<>();
        List<Action> others = new ArrayList<>(actions.size());
        int insertAt = 0;
        boolean started = false;
        for (Action a : actions) {
            if (a instanceof MoveCopy m && rollsOut(m)) {
                rollouts.computeIfAbsent(m.task().group(), k -> new ArrayList<>()).add(m);
                continue;
            }
            others.add(a);
            started |= a instanceof PlaceCopy || a instanceof MoveCopy;
            // the waves go after the last copy placed or moved and the stops and configures before
            // it; the configures of GPUs that moves empty and the terminations come after them
            if (!(a instanceof Action.TerminateInstance) && !(a instanceof Action.ConfigureGpu && started)) insertAt = others.size();
        }
        if (rollouts.isEmpty()) return new Result(actions, zeros(actions.size()), List.of(), List.of(), false);

        FleetState base = StateFold.apply(current, others.subList(0, insertAt));
        Room room = Room.of(base, spec, admission);
        // GPUs configured and instances terminated after the waves take no copy started to free room
        for (Action a : others.subList(insertAt, others.size())) {
            switch (a) {
                case Action.ConfigureGpu c -> room.close(c.instanceId(), c.gpuIndex());
                case Action.TerminateInstance t -> room.close(t.instanceId(), -1);
                default -> { }
            }
        }
        // the copies each group runs when its waves start (a group may also be scaled in the same plan)
        Map<String, Integer> running = new HashMap<>();
        {
            Map<String, Set<TaskId>> tasks = new HashMap<>();
            for (Instance i : base.instances()) {
                for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) tasks.computeIfAbsent(a.task().group(), k -> new HashSet<>()).add(a.task());
            }
            tasks.forEach((g, ts) -> running.put(g, ts.size()));
        }
        Map<String, Service> services = new HashMap<>();
        for (Service s : spec.services()) services.putIfAbsent(s.name(), s);
        Map<String, InferenceComponent> components = new HashMap<>();
        for (InferenceComponent ic : spec.inferenceComponents()) components.putIfAbsent(ic.name(), ic);

        List<Action> out = new ArrayList<>(others.subList(0, insertAt));
        List<Integer> waveOf = new ArrayList<>(zeros(insertAt));
        List<Rollout> done = new ArrayList<>();
        List<Unplaced> refused = new ArrayList<>();
        int wave = 0;
        for (Map.Entry<String, List<MoveCopy>> e : rollouts.entrySet()) {
            List<MoveCopy> moves = e.getValue();
            moves.sort((a, b) -> a.task().compareTo(b.task()));
            Bounds bounds = Bounds.of(e.getKey(), running.getOrDefault(e.getKey(), moves.size()), services.get(e.getKey()),
                    components.get(e.getKey()));
            Room.Journal journal = room.journal();
            List<List<Step>> waves = cut(moves, bounds, room, journal);
            if (waves == null) {
                journal.undo();
                refused.add(new Unplaced(moves.getFirst().task(), PlacementCode.ROLLOUT_NO_ROOM, journal.refusal(e.getKey(), bounds)));
                continue;
            }
            int first = wave + 1, stopFirst = 0;
            Set<String> from = new TreeSet<>();
            for (List<Step> w : waves) {
                wave++;
                for (Step s : w) {
                    for (Slot c : s.configures) {
                        out.add(new Action.ConfigureGpu(c.instance, c.index, GpuMode.IDLE, GpuMode.MPS, null, List.of()));
                        waveOf.add(wave);
                    }
                }
                for (Step s : w) if (s.stopFirst) { out.add(new StopCopy(s.move.task(), s.move.from())); waveOf.add(wave); stopFirst++; }
                for (Step s : w) {
                    out.add(s.stopFirst ? new PlaceCopy(s.move.task(), s.move.to()) : s.move);
                    waveOf.add(wave);
                    from.add(Revision.show(s.move.from().getFirst().allocation().revision()));
                }
            }
            done.add(new Rollout(e.getKey(), List.copyOf(from), Revision.show(moves.getFirst().to().getFirst().allocation().revision()),
                    moves.size(), first, waves.size(), stopFirst, bounds.minimumHealthy, bounds.maximumRunning));
        }
        for (Action a : others.subList(insertAt, others.size())) { out.add(a); waveOf.add(0); }
        // GPUs the rollouts emptied go back to IDLE, as placement leaves an MPS GPU with nothing on it
        for (Slot slot : room.emptiedMps()) {
            out.add(new Action.ConfigureGpu(slot.instance, slot.index, GpuMode.MPS, GpuMode.IDLE, null, List.of()));
            waveOf.add(0);
        }
        return new Result(out, waveOf, done, refused, room.relocated);
    }

    private static List<Integer> zeros(int n) {
        List<Integer> z = new ArrayList<>(n);
        for (int i = 0; i < n; i++) z.add(0);
        return z;
    }

    /** One copy of a wave: its move, and whether its old copy stops before the new one starts. */
    private record Step(MoveCopy move, boolean stopFirst, List<Slot> configures) {
        Step(MoveCopy move, boolean stopFirst) {
            this(move, stopFirst, List.of());
        }
    }

    /**
     * How many copies of a group may start first (surge) and stop first (down) in one wave, and the
     * bounds they come from.
     */
    record Bounds(int desired, int surge, int down, int minimumHealthy, int maximumRunning, String minimumSetting, String limit) {
        /** @param runs the group's copies running when its waves start (below desiredCount when some are unplaced) */
        static Bounds of(String group, int runs, Service s, InferenceComponent ic) {
            if (s != null) {
                DeploymentConfiguration d = s.deployment();
                int n = s.desiredCount(), keep = d.minimumHealthyCopies(n), run = d.maximumCopies(n);
                return new Bounds(n, Math.max(0, run - runs), Math.max(0, runs - keep), keep, run,
                        "minimumHealthyPercent " + d.minimumHealthy(), "maximumPercent " + d.maximum());
            }
            if (ic != null) {
                int n = ic.copyCount(), batch = ic.rollingUpdate().maximumBatchSize().copies(n);
                return new Bounds(n, batch, 0, n, n + batch, "rollingUpdatePolicy (new capacity before old is removed)",
                        "maximumBatchSize " + batch);
            }
            // a group the spec no longer names is not rolled out (its copies stop); replace one at a time
            return new Bounds(runs, 1, 0, runs, runs + 1, "one copy at a time", "1");
        }
    }

    /** The waves of one group's moves, or null when a copy fits neither next to its old copy nor after it stops. */
    private static List<List<Step>> cut(List<MoveCopy> moves, Bounds b, Room room, Room.Journal journal) {
        List<List<Step>> waves = new ArrayList<>();
        List<Step> wave = new ArrayList<>();
        int started = 0, stopped = 0;
        for (int i = 0; i < moves.size(); i++) {
            MoveCopy m = moves.get(i);
            if (started < b.surge && room.take(m.to(), journal)) {
                wave.add(new Step(m, false));
                started++;
                continue;
            }
            if (started < b.surge) {
                // free room elsewhere in the pool: the new copy starts there and stays
                Step moved = room.elsewhere(m, journal);
                if (moved != null) {
                    wave.add(moved);
                    started++;
                    continue;
                }
            }
            if (stopped < b.down) {
                room.release(m.from(), journal);
                if (room.take(m.to(), journal)) {
                    wave.add(new Step(m, true));
                    stopped++;
                    continue;
                }
                room.take(m.from(), journal); // give the old copy its room back (it fitted: it was there)
            }
            if (wave.isEmpty()) {
                journal.blocked(m);
                return null; // not even alone in a wave of its own
            }
            // close the wave: the start-first copies' old copies stop; then try this copy again
            for (Step s : wave) if (!s.stopFirst) room.release(s.move.from(), journal);
            waves.add(wave);
            wave = new ArrayList<>();
            started = 0;
            stopped = 0;
            i--;
        }
        if (!wave.isEmpty()) {
            for (Step s : wave) if (!s.stopFirst) room.release(s.move.from(), journal);
            waves.add(wave);
        }
        return waves;
    }

    /**
     * What each GPU holds as the waves run: MPS memory and clients, partitions taken, whole-GPU and
     * time-slicing users. Changes are journaled so that a refused group leaves it as it was.
     */
    static final class Room {
        private final Map<InstanceId, Map<Integer, Slot>> slots;
        /** Per owner, its healthy instances' GPUs in id then index order: where free room is looked for. */
        private final Map<Owner, List<Slot>> byOwner = new HashMap<>();
        private final Map<InstanceId, Owner> ownerOf = new HashMap<>();
        /** GPUs a rollout configured from IDLE to MPS, and GPUs whose copies it moved away. */
        private final Set<Slot> touched = new java.util.LinkedHashSet<>();
        /** The instances as the waves start (owner, type, GPU configuration), for {@link #admission}. */
        private final Map<InstanceId, Instance> instances = new HashMap<>();
        /** GPUs a later action reconfigures or terminates: no copy is started on them to free room. */
        private final Set<Slot> closed = new HashSet<>();
        private final Admission admission;
        boolean relocated;

        private Room(Map<InstanceId, Map<Integer, Slot>> slots, Admission admission) {
            this.slots = slots;
            this.admission = admission;
        }

        /** Closes GPU {@code index} of {@code instance} (-1: all its GPUs) to copies started to free room. */
        void close(InstanceId instance, int index) {
            Map<Integer, Slot> g = slots.get(instance);
            if (g == null) return;
            if (index < 0) closed.addAll(g.values());
            else if (g.get(index) != null) closed.add(g.get(index));
        }

        /**
         * True when {@code s}'s instance still holds its copies once {@code m}'s copy runs on {@code s}
         * as {@code extra} instead of where it ran, by the checks apply runs after every action (a
         * move is one action there; the old copies of the wave's other moves are still counted).
         */
        private boolean admits(Slot s, MoveCopy m, Allocation extra) {
            if (admission == null) return true;
            Instance i = instances.get(s.instance);
            if (i == null) return true;
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                Slot at = slots.get(i.id()).get(g.index());
                List<Allocation> held = new ArrayList<>(at.held);
                for (Placement p : m.from()) {
                    if (p.instanceId().equals(i.id()) && p.gpuIndex() == g.index()) Slot.removeCopy(held, p.allocation());
                }
                if (at == s) held.add(extra);
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), at.mode, g.fraction(), g.partitions(), held));
            }
            // a copy of the wave started next to its old one is there once (apply's move is one
            // action): where both are on the instance, the old one (another revision) is not counted
            Set<String> started = new HashSet<>(), twice = new HashSet<>();
            for (Gpu g : gpus) for (Allocation a : g.allocations()) if (!started.add(a.task() + "\u0000" + a.container())) twice.add(a.task() + "\u0000" + a.container());
            if (!twice.isEmpty()) {
                List<Gpu> once = new ArrayList<>();
                for (Gpu g : gpus) {
                    List<Allocation> kept = new ArrayList<>();
                    for (Allocation a : g.allocations()) {
                        if (!twice.contains(a.task() + "\u0000" + a.container()) || Objects.equals(a.revision(), extra.revision())) kept.add(a);
                    }
                    once.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), kept));
                }
                gpus = once;
            }
            return admission.check(i.withGpus(gpus), extra.task()).isEmpty();
        }

        /**
         * A start-first step that puts the new copy of {@code m} (one MPS container) on the first GPU
         * of its pool with room for it next to everything running; null when there is none.
         */
        Step elsewhere(MoveCopy m, Journal j) {
            if (m.to().size() != 1) return null;
            Placement at = m.to().getFirst();
            Allocation a = at.allocation();
            if (a.memoryMiB() == null || a.partition() != null) return null;
            Owner owner = ownerOf.get(at.instanceId());
            Slot source = slot(at);
            for (Slot s : byOwner.getOrDefault(owner, List.of())) {
                if (s == source || closed.contains(s) || s.plain > 0 || !s.starts.isEmpty()
                        || (s.mode != GpuMode.MPS && s.mode != GpuMode.IDLE)) continue;
                Allocation moved = new Allocation(a.task(), a.container(), a.memoryMiB(), a.maxComputePercent(), null,
                        dev.gpushare.engine.state.ContainerEnv.of(List.of(s.index), s.index, a.memoryMiB(), a.maxComputePercent(), null),
                        a.revision());
                if (s.refuses(moved) != null) continue;
                GpuMode was = s.mode;
                s.mode = GpuMode.MPS;
                boolean hostHasRoom = admits(s, m, moved);
                s.mode = was;
                if (!hostHasRoom) continue;
                List<Slot> configures = List.of();
                if (s.mode == GpuMode.IDLE) {
                    s.mode = GpuMode.MPS;
                    j.configured(s);
                    configures = List.of(s);
                }
                s.add(moved);
                j.log(s, moved, true);
                touched.add(s);
                touched.add(source);
                relocated = true;
                Placement to = new Placement(s.instance, s.index, moved);
                return new Step(new MoveCopy(m.task(), m.from(), List.of(to), m.reason() + ", to free room on " + s.instance
                        + " gpu " + s.index, false), false, configures);
            }
            return null;
        }

        /** The GPUs the rollouts configured or left that now hold nothing but are in MPS mode. */
        List<Slot> emptiedMps() {
            List<Slot> out = new ArrayList<>();
            for (Slot s : touched) if (s.mode == GpuMode.MPS && s.clients == 0 && s.plain == 0 && s.starts.isEmpty()) out.add(s);
            out.sort((x, y) -> x.instance.equals(y.instance) ? Integer.compare(x.index, y.index) : x.instance.compareTo(y.instance));
            return out;
        }

        static Room of(FleetState state, Spec spec, Admission admission) {
            Map<String, GpuSharing> sharing = new HashMap<>();
            for (CapacityProvider cp : spec.capacityProviders()) sharing.putIfAbsent(cp.name(), cp.gpuSharing());
            Map<InstanceId, Map<Integer, Slot>> slots = new HashMap<>();
            Map<InstanceId, Owner> owners = new HashMap<>();
            Map<Owner, List<Slot>> healthy = new HashMap<>();
            for (Instance i : state.instances()) {
                GpuSharing s = i.owner() instanceof Owner.CapacityProvider cp ? sharing.get(cp.name()) : null;
                int maxClients = s instanceof GpuSharing.Mps m && m.maxClientsPerGpu() != null ? m.maxClientsPerGpu() : DEFAULT_MAX_CLIENTS;
                int replicas = s instanceof GpuSharing.TimeSlicing t ? t.replicas() : 1;
                Map<Integer, Slot> gpus = new HashMap<>();
                List<Slot> ordered = new ArrayList<>();
                for (Gpu g : i.gpus()) {
                    Slot slot = new Slot(i.id(), g.index(), g.model(), g.memoryMiB(), g.mode(), maxClients, replicas);
                    for (Allocation a : g.allocations()) slot.add(a);
                    gpus.put(g.index(), slot);
                    ordered.add(slot);
                }
                slots.put(i.id(), gpus);
                owners.put(i.id(), i.owner());
                if (i.healthy()) healthy.computeIfAbsent(i.owner(), k -> new ArrayList<>()).addAll(ordered);
            }
            Room room = new Room(slots, admission);
            for (Instance i : state.instances()) room.instances.put(i.id(), i);
            room.ownerOf.putAll(owners);
            room.byOwner.putAll(healthy);
            return room;
        }

        Journal journal() {
            return new Journal();
        }

        /** Takes the room of {@code ps} if every one fits (nothing taken otherwise). */
        boolean take(List<Placement> ps, Journal j) {
            int mark = j.size();
            for (Placement p : ps) {
                Slot s = slot(p);
                String why = s == null ? "GPU " + p.gpuIndex() + " of " + p.instanceId() + " is not in the state" : s.refuses(p.allocation());
                if (why != null) {
                    j.rollbackTo(mark);
                    j.lastRefusal = why;
                    return false;
                }
                s.add(p.allocation());
                j.log(s, p.allocation(), true);
            }
            return true;
        }

        void release(List<Placement> ps, Journal j) {
            for (Placement p : ps) {
                Slot s = slot(p);
                if (s == null) continue;
                s.remove(p.allocation());
                j.log(s, p.allocation(), false);
            }
        }

        private Slot slot(Placement p) {
            Map<Integer, Slot> g = slots.get(p.instanceId());
            return g == null ? null : g.get(p.gpuIndex());
        }

        /** The changes of one group's waves, to undo when the group is refused, and why it was. */
        static final class Journal {
            private final List<Object[]> entries = new ArrayList<>();
            private String lastRefusal;
            private MoveCopy blocked;

            int size() {
                return entries.size();
            }

            void log(Slot s, Allocation a, boolean added) {
                entries.add(new Object[] {s, a, added});
            }

            void rollbackTo(int mark) {
                while (entries.size() > mark) {
                    Object[] e = entries.removeLast();
                    Slot s = (Slot) e[0];
                    if (e[1] == null) s.mode = GpuMode.IDLE; // a configure IDLE → MPS undone
                    else if ((Boolean) e[2]) s.remove((Allocation) e[1]);
                    else s.add((Allocation) e[1]);
                }
            }

            void configured(Slot s) {
                entries.add(new Object[] {s, null, true});
            }

            void undo() {
                rollbackTo(0);
            }

            void blocked(MoveCopy m) {
                blocked = m;
            }

            /** The sentence of a refused rollout: the copy, the room it lacks, what to change. */
            String refusal(String group, Bounds b) {
                StringBuilder sb = new StringBuilder(group).append("'s rollout cannot replace ").append(blocked.task())
                        .append(": ").append(lastRefusal);
                if (b.down == 0 && b.desired > 0) {
                    int lowerTo = (int) ((b.desired - 1) * 100L / b.desired);
                    sb.append(", and ").append(b.minimumSetting).append(" (desiredCount ").append(b.desired)
                            .append(") lets no copy stop first; lower minimumHealthyPercent to ").append(lowerTo)
                            .append(" or free that room (lower another service's desiredCount, or raise maxInstances and plan the rollout again once the new instance runs copies)");
                } else {
                    sb.append("; free that room or lower desiredCount");
                }
                return sb.toString();
            }
        }
    }

    /** One GPU as the waves see it. */
    static final class Slot {
        final InstanceId instance;
        final int index;
        final String model;
        final long memoryMiB;
        GpuMode mode;
        final int maxClients, replicas;
        long mps;
        int clients, plain;
        final Set<Integer> starts = new HashSet<>();
        /** The allocations the GPU holds (what {@link Room#admits} measures). */
        final List<Allocation> held = new ArrayList<>();

        Slot(InstanceId instance, int index, String model, long memoryMiB, GpuMode mode, int maxClients, int replicas) {
            this.instance = instance;
            this.index = index;
            this.model = model;
            this.memoryMiB = memoryMiB;
            this.mode = mode;
            this.maxClients = maxClients;
            this.replicas = replicas;
        }

        /** Why {@code a} does not fit next to what the GPU holds, with the numbers; null when it fits. */
        String refuses(Allocation a) {
            String gpu = model + " GPU " + instance + "/" + index;
            if (a.partition() != null) {
                return starts.contains(a.partition().start())
                        ? "it needs MIG instance " + a.partition().profile() + "@" + a.partition().start() + " on " + gpu + " free, which its old copy holds"
                        : null;
            }
            if (a.memoryMiB() != null) {
                if (plain > 0) return "it needs " + a.memoryMiB() + " MiB of MPS memory on " + gpu + ", which a whole-GPU copy holds";
                long free = memoryMiB - mps;
                if (free < a.memoryMiB()) {
                    return "it needs " + a.memoryMiB() + " MiB free on one " + model + " (" + gpu + " has " + free + " of " + memoryMiB
                            + " MiB free next to the copies it runs)";
                }
                if (clients + 1 > maxClients) return "it needs an MPS client on " + gpu + ", which has its " + maxClients + " (maxClientsPerGpu)";
                return null;
            }
            int limit = mode == GpuMode.TIME_SLICING ? replicas : 1;
            if (plain + 1 > limit || mps > 0 || clients > 0) {
                return "it needs " + (mode == GpuMode.TIME_SLICING ? "a time-slicing replica of " : "the whole of ") + gpu
                        + ", which its old copy holds (" + Math.max(plain, clients) + " of " + limit + " taken)";
            }
            return null;
        }

        /** Removes the first allocation of {@code a}'s copy and container from {@code held}. */
        static void removeCopy(List<Allocation> held, Allocation a) {
            for (int k = 0; k < held.size(); k++) {
                Allocation h = held.get(k);
                if (h.task().equals(a.task()) && h.container().equals(a.container())) {
                    held.remove(k);
                    return;
                }
            }
        }

        void add(Allocation a) {
            held.add(a);
            if (a.partition() != null) starts.add(a.partition().start());
            else if (a.memoryMiB() != null) { mps += a.memoryMiB(); clients++; }
            else plain++;
        }

        void remove(Allocation a) {
            removeCopy(held, a);
            if (a.partition() != null) starts.remove(a.partition().start());
            else if (a.memoryMiB() != null) { mps -= a.memoryMiB(); clients--; }
            else plain--;
        }
    }

    /** The task ids of a result's rollout actions (tests). */
    static Set<TaskId> tasks(Result r) {
        Set<TaskId> out = new TreeSet<>();
        for (int i = 0; i < r.actions().size(); i++) {
            if (r.waves().get(i) > 0) {
                Action a = r.actions().get(i);
                if (a instanceof MoveCopy m) out.add(m.task());
                if (a instanceof PlaceCopy p) out.add(p.task());
            }
        }
        return out;
    }
}
