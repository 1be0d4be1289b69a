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
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import java.math.BigDecimal;
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
     * True when {@code m} changes only what a copy runs: its revision (and, for an inference
     * component whose model changes, the container it names after the model) on the same GPUs with
     * the same shares. (A copy whose GPU ask changes too is placed anew by placement and moved as
     * before, in one step.)
     */
    public static boolean rollsOut(MoveCopy m) {
        if (m.from().isEmpty() || m.from().size() != m.to().size()
                || Objects.equals(m.from().getFirst().allocation().revision(), m.to().getFirst().allocation().revision())) {
            return false;
        }
        for (int k = 0; k < m.from().size(); k++) {
            Placement a = m.from().get(k), b = m.to().get(k);
            if (!a.instanceId().equals(b.instanceId()) || a.gpuIndex() != b.gpuIndex()
                    || !sameShare(a.allocation(), b.allocation())) {
                return false;
            }
        }
        return true;
    }

    /** The same copy with the same GPU share: all but the revision and the container's name. */
    private static boolean sameShare(Allocation a, Allocation b) {
        return a.task().equals(b.task()) && Objects.equals(a.memoryMiB(), b.memoryMiB())
                && Objects.equals(a.maxComputePercent(), b.maxComputePercent()) && Objects.equals(a.partition(), b.partition())
                && Objects.equals(a.env(), b.env());
    }

    /**
     * @param resolved  the spec (deployment settings, pools, declared instance types, prices)
     * @param admission what apply measures after every action (the spec's host needs and limits),
     *                  with placement's {@code Fit}: every step of the waves leaves each instance
     *                  within it
     */
    public static Result order(FleetState current, List<Action> actions, ResolvedSpec resolved, Admission admission) {
        return order(current, actions, resolved, admission, List.of());
    }

    /**
     * @param records the rollout records the backend keeps: a group whose last rollout of the same
     *                revision failed (the circuit breaker stopped it) is not rolled out again
     *                ({@link PlacementCode#ROLLOUT_FAILED}) — a new revision is
     */
    public static Result order(FleetState current, List<Action> actions, ResolvedSpec resolved, Admission admission,
                               List<RolloutRecord> records) {
        Spec spec = resolved.spec();
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
        // a surge instance takes a number neither the state nor the plan uses
        Map<Owner, Integer> used = new HashMap<>();
        for (Instance i : current.instances()) used.merge(i.owner(), i.id().ordinal(), Math::max);
        for (Action a : actions) {
            if (a instanceof Action.LaunchInstance l) used.merge(l.instance().owner(), l.instance().id().ordinal(), Math::max);
            if (a instanceof Action.ReplaceInstance r) used.merge(r.instance().owner(), r.instance().id().ordinal(), Math::max);
        }
        Map<String, InstanceTypeDef> declared = new HashMap<>();
        for (InstanceTypeDef d : spec.instanceTypes()) {
            if (resolved.catalog().instanceType(d.name()).map(t -> !t.builtIn()).orElse(false)) declared.putIfAbsent(d.name(), d);
        }
        WaveRoom room = WaveRoom.of(base, used, admission, resolved.catalog(), declared);
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
        for (List<MoveCopy> moves : rollouts.values()) moves.sort((a, b) -> a.task().compareTo(b.task()));
        List<String> pending = new ArrayList<>(rollouts.keySet());
        Map<String, Long> need = new HashMap<>();
        for (String g : pending) need.put(g, WaveRoom.need(rollouts.get(g).getFirst()));
        pending.sort((x, y) -> need.get(x).equals(need.get(y)) ? x.compareTo(y) : Long.compare(need.get(y), need.get(x)));
        while (!pending.isEmpty()) {
            String group = pending.remove(next(pending, need, rollouts, room));
            List<MoveCopy> moves = rollouts.get(group);
            Map.Entry<String, List<MoveCopy>> e = Map.entry(group, moves);
            RolloutRecord failed = failed(records, e.getKey(), Revision.show(moves.getFirst().to().getFirst().allocation().revision()));
            if (failed != null) {
                refused.add(new Unplaced(moves.getFirst().task(), PlacementCode.ROLLOUT_FAILED, e.getKey() + "'s rollout to revision "
                        + failed.to() + " " + failed.phase().text() + " at wave " + failed.wave() + " of " + failed.waves()
                        + (failed.reason() == null ? "" : " (" + failed.reason() + ")")
                        + "; it is not rolled out again: fix what kept its copies from becoming ready, then change the task definition"
                        + " (a new revision rolls out)"));
                continue;
            }
            Bounds bounds = Bounds.of(e.getKey(), running.getOrDefault(e.getKey(), moves.size()), services.get(e.getKey()),
                    components.get(e.getKey()));
            WaveRoom.Journal journal = room.journal();
            int launchedBefore = room.launchedCount();
            Blocked blocked = new Blocked();
            List<List<Step>> waves = cut(moves, bounds, room, journal, blocked);
            if (waves == null) {
                journal.undoAll();
                refused.add(new Unplaced(moves.getFirst().task(), PlacementCode.ROLLOUT_NO_ROOM,
                        refusal(e.getKey(), bounds, blocked.move, journal)));
                continue;
            }
            int first = wave + 1, stopFirst = 0;
            Set<String> from = new TreeSet<>();
            for (MoveCopy m : moves) from.add(Revision.show(m.from().getFirst().allocation().revision()));
            String to = Revision.show(moves.getFirst().to().getFirst().allocation().revision());
            String surgeType = null;
            for (List<Step> w : waves) {
                wave++;
                for (Step s : w) {
                    if (s.launch != null) {
                        out.add(s.launch);
                        waveOf.add(wave);
                        surgeType = s.launch.instance().instanceType();
                    }
                }
                for (Step s : w) for (Action.ConfigureGpu c : s.configures) { out.add(c); waveOf.add(wave); }
                for (Step s : w) if (s.stopFirst) { out.add(new StopCopy(s.move.task(), s.move.from())); waveOf.add(wave); stopFirst++; }
                for (Step s : w) {
                    out.add(s.stopFirst ? new PlaceCopy(s.move.task(), s.move.to()) : s.move);
                    waveOf.add(wave);
                }
                // the wave's end, recorded with the cluster's state (it commits with the wave's last batch)
                int k = wave - first + 1;
                out.add(new Action.RecordRollout(new RolloutRecord(e.getKey(), List.copyOf(from), to, k, waves.size(),
                        k == waves.size() ? RolloutRecord.Phase.COMPLETED : RolloutRecord.Phase.IN_PROGRESS, null)));
                waveOf.add(wave);
            }
            int extra = room.launchedCount() - launchedBefore;
            BigDecimal perHour = surgeType == null ? null : room.perHour(surgeType);
            done.add(new Rollout(e.getKey(), List.copyOf(from), to,
                    moves.size(), first, waves.size(), stopFirst, bounds.minimumHealthy, bounds.maximumRunning, extra, surgeType,
                    perHour == null ? null : perHour.multiply(BigDecimal.valueOf(extra))));
        }
        for (Action a : others.subList(insertAt, others.size())) { out.add(a); waveOf.add(0); }
        // instances the rollouts emptied are terminated (within minInstances); GPUs they emptied go
        // back to IDLE, as placement leaves a GPU with nothing on it
        List<Action.TerminateInstance> terminations = room.emptiedInstances();
        Set<InstanceId> terminated = new HashSet<>();
        for (Action.TerminateInstance t : terminations) terminated.add(t.instanceId());
        for (Action.ConfigureGpu c : room.emptied(terminated)) { out.add(c); waveOf.add(0); }
        for (Action.TerminateInstance t : terminations) { out.add(t); waveOf.add(0); }
        return new Result(out, waveOf, done, refused, room.relocated);
    }

    /**
     * The position in {@code pending} (largest copies first) of the group to roll out next: the first
     * whose copy has room now on one GPU of its pool (the free-room index's most free memory, a GPU
     * beside its old copy included), else the first (the largest: it needs a surge instance or stops
     * first). Rolling out the largest copies that fit first leaves, once their old copies stop,
     * holes at least as large as the next copies (each GPU a copy of size s left has s more free), so
     * the next groups chain through the room the previous ones freed; a group too large for every
     * hole waits until smaller groups moving off a GPU have made one, and a surge instance is
     * launched only when no group has room.
     */
    private static int next(List<String> pending, Map<String, Long> need, Map<String, List<MoveCopy>> rollouts, WaveRoom room) {
        for (int k = 0; k < pending.size(); k++) {
            long n = need.get(pending.get(k));
            if (n < 0 || n <= room.mostFree(rollouts.get(pending.get(k)).getFirst())) return k;
        }
        return 0;
    }

    /** The group's record when its last rollout of revision {@code to} failed or was rolled back, else null. */
    private static RolloutRecord failed(List<RolloutRecord> records, String group, String to) {
        for (RolloutRecord r : records) {
            if (r.group().equals(group) && r.to().equals(to)
                    && (r.phase() == RolloutRecord.Phase.FAILED || r.phase() == RolloutRecord.Phase.ROLLED_BACK)) return r;
        }
        return null;
    }

    /** The copy a refused rollout could not replace. */
    private static final class Blocked {
        MoveCopy move;
    }

    /**
     * The sentence of a refused rollout: the copy, the room it lacks, and what to change (a surge
     * instance maxInstances keeps out, minimumHealthyPercent, maximumPercent), with the numbers.
     */
    static String refusal(String group, Bounds b, MoveCopy blocked, WaveRoom.Journal j) {
        StringBuilder sb = new StringBuilder(group).append("'s rollout cannot replace ").append(blocked.task())
                .append(": ").append(j.lastRefusal);
        List<String> changes = new ArrayList<>();
        if (j.surgeType != null) {
            sb.append(" or 1 more ").append(j.surgeType).append("; maxInstances ").append(j.surgeLimit).append(" is reached");
            changes.add("raise maxInstances to " + (j.surgeLimit + 1));
        } else if (b.surge == 0 && b.desired > 0) {
            sb.append("; ").append(b.limit).append(" lets no copy start first");
            changes.add("raise maximumPercent above 100");
        }
        if (b.down == 0 && b.desired > 0) {
            if (j.surgeType == null && b.surge > 0) sb.append(",");
            sb.append(" and ").append(b.minimumSetting).append(" (desiredCount ").append(b.desired).append(") lets no copy stop first");
            int lowerTo = (int) ((b.desired - 1) * 100L / b.desired);
            if (b.minimumSetting.startsWith("minimumHealthyPercent")) changes.add("lower minimumHealthyPercent to " + lowerTo);
        }
        changes.add("free that room (lower another service's desiredCount)");
        return sb.append(": ").append(String.join(" or ", changes)).toString();
    }

    private static List<Integer> zeros(int n) {
        List<Integer> z = new ArrayList<>(n);
        for (int i = 0; i < n; i++) z.add(0);
        return z;
    }

    /**
     * One copy of a wave: its move, whether its old copy stops before the new one starts, the GPUs
     * configured for it and the surge instance launched for it (or null).
     */
    private record Step(MoveCopy move, boolean stopFirst, List<Action.ConfigureGpu> configures, Action.LaunchInstance launch) {
        Step(MoveCopy move, boolean stopFirst) {
            this(move, stopFirst, List.of(), null);
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

    /**
     * The waves of one group's moves, or null when a copy fits neither next to its old copy, nor in
     * free room of its pool, nor on a surge instance, nor after its old copy stops. Each copy tries,
     * in that order: start first next to its old copy, start first on free room elsewhere, start
     * first on a surge instance (within maxInstances; only as the first copy of a wave, so that a
     * wave that can close and free room does so before an instance is launched) — all within
     * maximumPercent — then stop first within minimumHealthyPercent; else the wave closes.
     */
    private static List<List<Step>> cut(List<MoveCopy> moves, Bounds b, WaveRoom room, WaveRoom.Journal journal, Blocked blocked) {
        List<List<Step>> waves = new ArrayList<>();
        List<Step> wave = new ArrayList<>();
        int started = 0, stopped = 0;
        for (int i = 0; i < moves.size(); i++) {
            MoveCopy m = moves.get(i);
            if (started < b.surge) {
                if (room.take(m.to(), journal)) {
                    wave.add(new Step(m, false));
                    started++;
                    continue;
                }
                String beside = journal.lastRefusal;
                // free room elsewhere in the pool, else — when not even the first copy of a wave has
                // room, the old copies of earlier waves stopped — a surge instance: the new copy
                // starts there and stays
                WaveRoom.Moved moved = room.elsewhere(m, journal);
                if (moved == null && wave.isEmpty()) moved = room.surge(m, journal);
                journal.lastRefusal = beside;
                if (moved != null) {
                    wave.add(new Step(new MoveCopy(m.task(), m.from(), moved.to(), m.reason() + ", to free room on "
                            + moved.to().getFirst().instanceId() + " gpu " + moved.to().getFirst().gpuIndex(), false), false,
                            moved.configures(), moved.launch()));
                    started++;
                    continue;
                }
            }
            if (stopped < b.down) {
                int mark = journal.size();
                room.release(m.from(), journal);
                if (room.take(m.to(), journal)) {
                    wave.add(new Step(m, true));
                    stopped++;
                    continue;
                }
                journal.rollbackTo(mark); // the old copy keeps its room (it fitted: it was there)
            }
            if (wave.isEmpty()) {
                if (journal.lastRefusal == null && room.take(m.to(), journal)) {
                    journal.lastRefusal = "it has room next to its old copy, but " + b.limit + " lets no copy start first";
                }
                blocked.move = m;
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

    /** The task ids of a result's rollout actions (tests). */
    static Set<TaskId> tasks(Result r) {
        Set<TaskId> out = new TreeSet<>();
        for (int i = 0; i < r.actions().size(); i++) {
            if (r.waves().get(i) > 0) {
                Action a = r.actions().get(i);
                if (a instanceof MoveCopy m) out.add(m.task());
                if (a instanceof Action.RecordRollout) continue;
                if (a instanceof PlaceCopy p) out.add(p.task());
            }
        }
        return out;
    }
}
