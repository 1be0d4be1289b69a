package dev.gpushare.engine.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every {@link Backend} promises, written against the interface only (no SQL, no HTTP), so
 * that each implementation — the local file, the placement service on PostgreSQL and on its
 * embedded store, Kubernetes — passes the same tests. A subclass says how to get a fresh store and
 * a handle on it; each test uses its own cluster names, so a shared database is fine.
 *
 * <p>The promises, as the {@link Backend} javadoc states them: an unknown cluster reads as empty
 * at revision 0; a committed batch bumps the revision by one; a conflict writes nothing; revisions
 * are never reused, destroy included, so a plan made before a destroy never applies after it; a
 * batch with an action that does not hold is refused whole, nothing written.
 */
public abstract class BackendContract {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private String prefix;

    /** Called before each test: a store the following {@link #open()} calls share (may be the same as last time). */
    protected abstract void freshStore() throws Exception;

    /** A new handle on the store; closed by the test. Several may be open at once (one per thread). */
    protected abstract Backend open();

    @BeforeEach
    void store() throws Exception {
        freshStore();
        prefix = "ct" + ProcessHandle.current().pid() % 10_000 + "-" + SEQUENCE.incrementAndGet();
    }

    /** A cluster name of this test only. */
    protected String cluster(String name) {
        return prefix + "-" + name;
    }

    private static final Instance L4 = Fleet.mpsInstance("l4-0", "l4", List.of());

    private static List<Action> launchAndPlace() {
        return List.of(new LaunchInstance(L4, null),
                new PlaceCopy(TaskId.parse("embedder/0"), List.of(new Placement(InstanceId.parse("l4-0"), 0, Fleet.mps("embedder/0", 0, 4096, 25)))));
    }

    @Test
    void anUnknownClusterReadsAsEmptyAtRevisionZero() {
        String c = cluster("unknown");
        try (Backend b = open()) {
            Snapshot s = b.read(c);
            assertThat(s.revision()).isZero();
            assertThat(s.state()).isEqualTo(FleetState.empty(c));
            assertThat(b.clusters()).doesNotContain(c);
            assertThat(b.destroy(c)).isFalse();
            assertThat(b.read(c).revision()).as("destroying nothing writes nothing").isZero();
            assertThat(b.clusters()).doesNotContain(c);
        }
    }

    @Test
    void eachCommittedBatchBumpsTheRevisionByOneAndAConflictWritesNothing() {
        String c = cluster("bump");
        try (Backend b = open()) {
            assertThat(b.apply(c, 0, launchAndPlace())).isEqualTo(new BatchResult.Committed(1));
            FleetState one = b.read(c).state();
            assertThat(one.summary().allocations()).isEqualTo(1);
            assertThat(b.apply(c, 0, List.of(new Action.StopCopy(TaskId.parse("embedder/0"), List.of()))))
                    .isEqualTo(new BatchResult.RevisionConflict(c, 0, 1));
            assertThat(b.read(c).state()).isEqualTo(one);
            assertThat(b.apply(c, 1, List.of(new Action.StopCopy(TaskId.parse("embedder/0"), List.of())))).isEqualTo(new BatchResult.Committed(2));
            assertThat(b.read(c).revision()).isEqualTo(2);
            assertThat(b.clusters()).contains(c);
        }
    }

    /** {@link Backend#readAhead}: nothing, or exactly what a read of its cluster answers; a later write is seen by the next read. */
    @Test
    void aReadAheadIsOnlyEverWhatAReadAnswers() {
        String c = cluster("ahead");
        try (Backend b = open()) {
            assertThat(b.apply(c, 0, launchAndPlace())).isEqualTo(new BatchResult.Committed(1));
            java.util.Optional<Snapshot> ahead = b.readAhead();
            ahead.ifPresent(s -> assertThat(s).isEqualTo(b.read(s.state().cluster())));
            try (Backend other = open()) {
                assertThat(other.apply(c, 1, List.of(new Action.StopCopy(TaskId.parse("embedder/0"), List.of()))))
                        .isEqualTo(new BatchResult.Committed(2));
            }
            Snapshot after = b.read(c);
            assertThat(after.revision()).as("another writer's batch, after the read ahead").isEqualTo(2);
            assertThat(after.state().summary().allocations()).isZero();
        }
    }

    @Test
    void revisionsAreNeverReusedAcrossDestroy() {
        String c = cluster("destroy");
        try (Backend b = open()) {
            assertThat(b.apply(c, 0, launchAndPlace())).isEqualTo(new BatchResult.Committed(1));
            assertThat(b.destroy(c)).isTrue();
            Snapshot gone = b.read(c);
            assertThat(gone.state()).isEqualTo(FleetState.empty(c));
            assertThat(gone.revision()).as("destroy is a write: it moves the revision on").isGreaterThan(1);
            assertThat(b.clusters()).doesNotContain(c);
            assertThat(b.destroy(c)).as("a second destroy finds nothing").isFalse();
            // a batch made at the revision before the destroy is refused, not applied to the new cluster
            assertThat(b.apply(c, 1, launchAndPlace())).isInstanceOf(BatchResult.RevisionConflict.class);
            assertThat(b.apply(c, 0, launchAndPlace())).isInstanceOf(BatchResult.RevisionConflict.class);
            BatchResult again = b.apply(c, gone.revision(), launchAndPlace());
            assertThat(again).isEqualTo(new BatchResult.Committed(gone.revision() + 1));
            assertThat(b.clusters()).contains(c);
        }
    }

    /** Issue 13's first defect: apply A → plan B --out → destroy → apply C → apply the saved plan of B. */
    @Test
    void aSavedPlanDoesNotApplyToTheStateAfterADestroy() {
        String c = cluster("saved");
        Spec a = spec(c, 3, 4096), bSpec = spec(c, 8, 2048), cSpec = spec(c, 3, 8192);
        try (Gpushare gs = Gpushare.using(open())) {
            assertThat(gs.apply(gs.plan(a))).isInstanceOf(ApplyOutcome.Applied.class);
            Plan saved = PlanJson.fromJson(PlanJson.toJson(gs.plan(bSpec)));
            assertThat(gs.destroy(c)).isTrue();
            assertThat(gs.apply(gs.plan(cSpec))).isInstanceOf(ApplyOutcome.Applied.class);
            FleetState ofC = gs.status(c);
            ApplyOutcome stale = gs.apply(saved);
            assertThat(stale).isInstanceOf(ApplyOutcome.Conflict.class);
            assertThat(((ApplyOutcome.Conflict) stale).appliedBefore()).isZero();
            assertThat(gs.status(c)).as("nothing of the stale plan was written").isEqualTo(ofC);
        }
    }

    /** Applies and destroys racing from three threads: no two commits ever get the same revision. */
    @Test
    void racingAppliesAndDestroysNeverShareARevision() throws Exception {
        String c = cluster("race");
        Set<Long> committed = ConcurrentHashMap.newKeySet();
        List<Long> duplicates = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                work.add(pool.submit(() -> {
                    try (Backend b = open()) {
                        for (int i = 0; i < 15; i++) {
                            long at = b.read(c).revision();
                            if (b.apply(c, at, launchAndPlace()) instanceof BatchResult.Committed k && !committed.add(k.revision())) {
                                duplicates.add(k.revision());
                            }
                        }
                    }
                    return null;
                }));
            }
            work.add(pool.submit(() -> {
                try (Backend b = open()) {
                    for (int i = 0; i < 10; i++) b.destroy(c);
                }
                return null;
            }));
            for (Future<?> f : work) f.get(120, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        assertThat(duplicates).isEmpty();
        assertThat(committed).isNotEmpty();
        try (Backend b = open()) {
            long last = Collections.max(committed);
            assertThat(b.read(c).revision()).isGreaterThanOrEqualTo(last);
        }
    }

    @Test
    void markUnhealthyBumpsTheRevisionAndAnUnknownInstanceIsACode() {
        String c = cluster("health");
        try (Backend b = open()) {
            b.apply(c, 0, launchAndPlace());
            assertThat(b.markUnhealthy(c, "l4-0", "mps-daemon-unresponsive")).isEqualTo(2);
            Instance i = b.read(c).state().instances().getFirst();
            assertThat(i.healthy()).isFalse();
            assertThat(i.healthReason()).isEqualTo("mps-daemon-unresponsive");
            assertThatThrownBy(() -> b.markUnhealthy(c, "l4-9", "x"))
                    .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("UNKNOWN_INSTANCE"));
            assertThat(b.read(c).revision()).isEqualTo(2);
        }
    }

    /**
     * Issue 20's scenario: apply {@code examples/mps-sharing}, change one task definition's image
     * ({@code bge-small:1.5} → {@code 1.6}): the plan is not empty — every copy of that service is
     * rolled out, in place (placement keeps where, the revision changes what) — and after apply
     * every one of them runs the new revision, the others theirs, and the next plan is empty.
     */
    @Test
    void aNewImageRollsOutToEveryCopyAndThenThePlanIsEmpty() throws Exception {
        String c = cluster("rollout");
        String text = java.nio.file.Files.readString(java.nio.file.Path.of("../../examples/mps-sharing/spec.yaml"))
                .replace("cluster: embeddings-prod", "cluster: " + c);
        Spec before = Specs.yaml(text), after = Specs.yaml(text.replace("bge-small:1.5", "bge-small:1.6"));
        Revision was = Revision.of(before.taskDefinitions().getFirst()), now = Revision.of(after.taskDefinitions().getFirst());
        assertThat(was).isNotEqualTo(now);
        try (Gpushare gs = Gpushare.using(open())) {
            Backend b = gs.backend();
            assertThat(gs.apply(gs.plan(before))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.plan(before).isEmpty()).as("converged").isTrue();
            Map<TaskId, Revision> stored = revisions(b.read(c).state());
            assertThat(stored).hasSize(15).allSatisfy((t, r) -> assertThat(r).isNotNull());

            Plan rollout = gs.plan(after);
            assertThat(rollout.isEmpty()).as("a new image is a change").isFalse();
            // each copy of embedder-small is replaced once (next to its old copy, or where the pool has room:
            // then GPUs are configured too), nothing else
            List<Action.MoveCopy> moves = rollout.actions().stream().filter(Action.MoveCopy.class::isInstance).map(Action.MoveCopy.class::cast).toList();
            assertThat(moves).hasSize(8).allSatisfy(m -> {
                assertThat(m.task().group()).isEqualTo("embedder-small");
                assertThat(m.reason()).startsWith("revision " + was + " → " + now);
            });
            // (and each wave's end is recorded)
            assertThat(rollout.actions()).allSatisfy(a -> assertThat(a).isInstanceOfAny(Action.MoveCopy.class, Action.ConfigureGpu.class,
                    Action.RecordRollout.class));
            assertThat(rollout.rollouts()).singleElement().satisfies(r -> assertThat(r.copies()).isEqualTo(8));
            assertThat(gs.apply(rollout)).isInstanceOf(ApplyOutcome.Applied.class);
            if (keepsRolloutRecords()) {
                // the rollout's record is kept with the state, completed at its last wave
                assertThat(b.read(c).rollouts()).singleElement().satisfies(r -> {
                    assertThat(r.group()).isEqualTo("embedder-small");
                    assertThat(r.from()).containsExactly(was.value());
                    assertThat(r.to()).isEqualTo(now.value());
                    assertThat(r.phase()).isEqualTo(dev.gpushare.engine.state.RolloutRecord.Phase.COMPLETED);
                    assertThat(r.wave()).isEqualTo(r.waves()).isEqualTo(rollout.rollouts().getFirst().waves());
                });
            }

            Map<TaskId, Revision> rolled = revisions(b.read(c).state());
            assertThat(rolled).hasSize(15);
            rolled.forEach((t, r) -> assertThat(r).as(t.toString())
                    .isEqualTo(t.group().equals("embedder-small") ? now : stored.get(t)));
            assertThat(gs.plan(after).isEmpty()).as("the next plan is empty").isTrue();
            try (Gpushare fresh = Gpushare.using(open())) {
                assertThat(fresh.plan(after).isEmpty()).as("also for a process without a baseline").isTrue();
            }
        }
    }

    /**
     * True when the backend keeps rollout records ({@code Action.RecordRollout}) with the state
     * (every backend here does; a backend that cannot says so by overriding this).
     */
    protected boolean keepsRolloutRecords() {
        return true;
    }

    /** Each copy's revision (all its allocations run one). */
    private static Map<TaskId, Revision> revisions(FleetState s) {
        Map<TaskId, Revision> out = new TreeMap<>();
        for (Instance i : s.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    Revision had = out.put(a.task(), a.revision());
                    if (had != null) assertThat(a.revision()).as("every allocation of " + a.task()).isEqualTo(had);
                }
            }
        }
        return out;
    }

    /** Forged actions, each as the issue found it stored: placed after a valid launch in one batch. */
    static Stream<Arguments> forgeries() {
        Allocation ok = Fleet.mps("embedder/0", 0, 4096, 25);
        Map<String, String> evilEnv = new TreeMap<>(ok.env());
        evilEnv.put("LD_PRELOAD", "/tmp/evil.so");
        return Stream.of(
                Arguments.of("999999999 MiB", place(new Allocation(TaskId.parse("embedder/0"), "model", 999_999_999L, 25, null,
                        Fleet.mps("embedder/0", 0, 999_999_999L, 25).env()), 0), "ACTION_OUT_OF_RANGE"),
                Arguments.of("999 percent", place(new Allocation(TaskId.parse("embedder/0"), "model", 4096L, 999, null,
                        Fleet.mps("embedder/0", 0, 4096, 999).env()), 0), "ACTION_OUT_OF_RANGE"),
                Arguments.of("LD_PRELOAD", place(new Allocation(TaskId.parse("embedder/0"), "model", 4096L, 25, null, evilEnv), 0),
                        "ACTION_ENVIRONMENT"),
                Arguments.of("GPU -3", place(ok, -3), "ACTION_OUT_OF_RANGE"),
                Arguments.of("id with a newline and an escape", List.of(new LaunchInstance(L4, null),
                        new PlaceCopy(TaskId.parse("embedder/0\n\u001b[31m"), List.of(new Placement(InstanceId.parse("l4-0"), 0, ok)))), "ACTION_MALFORMED_ID"),
                Arguments.of("unknown instance type", List.of(new LaunchInstance(new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"), "p9.mega",
                        true, null, L4.gpus()), null)), "ACTION_UNKNOWN_INSTANCE_TYPE"),
                Arguments.of("GPUs its type does not have", List.of(new LaunchInstance(new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"),
                        "g6.12xlarge", true, null, List.of(new Gpu(0, "H100-80GB", 79891, dev.gpushare.engine.state.GpuMode.IDLE,
                        null, List.of(), List.of()))), null)), "ACTION_INSTANCE_SHAPE"),
                Arguments.of("a copy on an instance that does not exist", List.of(
                        new PlaceCopy(TaskId.parse("embedder/0"), List.of(new Placement(InstanceId.parse("l4-7"), 0, ok)))), "ACTION_UNKNOWN_TARGET"));
    }

    private static List<Action> place(Allocation a, int gpu) {
        return List.of(new LaunchInstance(L4, null), new PlaceCopy(TaskId.parse("embedder/0"), List.of(new Placement(InstanceId.parse("l4-0"), gpu, a))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forgeries")
    void aForgedBatchIsRefusedWholeAndNothingIsWritten(String what, List<Action> batch, String code) {
        String c = cluster("forged");
        try (Backend b = open()) {
            assertThat(b.apply(c, 0, List.of(new LaunchInstance(Fleet.mpsInstance("l4-1", "l4", List.of()), null))))
                    .isEqualTo(new BatchResult.Committed(1));
            Snapshot before = b.read(c);
            BatchResult r = b.apply(c, 1, batch);
            assertThat(r).as(what).isInstanceOf(BatchResult.Refused.class);
            assertThat(((BatchResult.Refused) r).problems()).as(what)
                    .anySatisfy(p -> assertThat(p.code().name()).isEqualTo(code))
                    .allSatisfy(p -> assertThat(p.path()).startsWith("/actions/"))
                    .allSatisfy(p -> assertThat(p.message()).doesNotContain("\u001b", "\n"));
            assertThat(b.read(c)).as("nothing of the batch was written, not even its valid launch").isEqualTo(before);
        }
    }

    // ---- capacity at the boundary ---------------------------------------------------------------

    private static final InstanceId L4_0 = InstanceId.parse("l4-0");

    private static Allocation whole(String task, int gpu) {
        return new Allocation(TaskId.parse(task), "model", null, null, null,
                dev.gpushare.engine.state.ContainerEnv.of(List.of(gpu), gpu, null, null, null));
    }

    private static PlaceCopy placeOn(InstanceId id, int gpu, Allocation a) {
        return new PlaceCopy(a.task(), List.of(new Placement(id, gpu, a)));
    }

    /** An ml.p4d.24xlarge endpoint instance whose GPU 0 has two 3g.20gb MIG instances (starts 0 and 4). */
    static Instance migEndpoint(String id) {
        var profile = dev.gpushare.engine.catalog.Catalog.builtIn().gpuModel("A100-40GB").orElseThrow().mig().profile("3g.20gb").orElseThrow();
        List<dev.gpushare.engine.state.MigPartition> parts = List.of(new dev.gpushare.engine.state.MigPartition("3g.20gb", 0, profile.memoryMiB()),
                new dev.gpushare.engine.state.MigPartition("3g.20gb", 4, profile.memoryMiB()));
        return Fleet.p4d(id, "ep", parts, List.of());
    }

    /** A g6f.xlarge instance: one eighth of an L4 (2,861 MiB), FRACTIONAL. */
    static Instance fractional(String id) {
        return new Instance(InstanceId.parse(id), new Owner.CapacityProvider("frac"), "g6f.xlarge", true, null,
                List.of(new Gpu(0, "L4", 2861, dev.gpushare.engine.state.GpuMode.FRACTIONAL, new java.math.BigDecimal("0.125"),
                        List.of(), List.of())));
    }

    /**
     * Well-formed batches — every action holds on its own, the environments match the GPUs — that
     * together leave an instance holding more than it can (after the action named), each as the
     * issue found them stored: an L4 GPU has 22,563 MiB usable, so two copies of 12,000 MiB do not
     * fit (24,000 > 22,563); a whole GPU, a fractional GPU and a MIG instance hold one copy each.
     */
    static Stream<Arguments> overfills() {
        Instance ep = migEndpoint("ep-0");
        Allocation onMig0a = Fleet.onPartition("ic/0", "3g.20gb", 0), onMig0b = Fleet.onPartition("ic/1", "3g.20gb", 0);
        return Stream.of(
                Arguments.of("two MPS copies of 12000 MiB on one L4 (22563 MiB)", List.of(new LaunchInstance(L4, null),
                        placeOn(L4_0, 0, Fleet.mps("embedder/0", 0, 12_000, 25)), placeOn(L4_0, 0, Fleet.mps("embedder/1", 0, 12_000, 25))),
                        "/actions/2/to/0", "12000"),
                Arguments.of("two copies on one MIG instance", List.of(new LaunchInstance(ep, List.of("3g.20gb", "3g.20gb")),
                        new PlaceCopy(onMig0a.task(), List.of(new Placement(ep.id(), 0, onMig0a))),
                        new PlaceCopy(onMig0b.task(), List.of(new Placement(ep.id(), 0, onMig0b)))), "/actions/2/to/0", "3g.20gb"),
                Arguments.of("a fractional GPU taken twice", List.of(new LaunchInstance(fractional("frac-0"), null),
                        placeOn(InstanceId.parse("frac-0"), 0, whole("web/0", 0)), placeOn(InstanceId.parse("frac-0"), 0, whole("web/1", 0))),
                        "/actions/2/to/0", "fractional"),
                Arguments.of("a whole GPU taken twice", List.of(new LaunchInstance(L4, null),
                        placeOn(L4_0, 1, whole("web/0", 1)), placeOn(L4_0, 1, whole("web/1", 1))), "/actions/2/to/0", "idle GPU"),
                Arguments.of("a GPU over for a moment: placed before the copy it replaces stops", List.of(new LaunchInstance(L4, null),
                        placeOn(L4_0, 0, Fleet.mps("embedder/0", 0, 12_000, 25)), placeOn(L4_0, 0, Fleet.mps("embedder/1", 0, 12_000, 25)),
                        new Action.StopCopy(TaskId.parse("embedder/0"), List.of(new Placement(L4_0, 0, Fleet.mps("embedder/0", 0, 12_000, 25))))),
                        "/actions/2/to/0", "12000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overfills")
    void aBatchThatOverfillsAnInstanceIsRefusedWholeAndNothingIsWritten(String what, List<Action> batch, String path, String mentions) {
        String c = cluster("overfill");
        try (Backend b = open()) {
            assertThat(b.apply(c, 0, List.of(new LaunchInstance(Fleet.mpsInstance("l4-1", "l4", List.of()), null))))
                    .isEqualTo(new BatchResult.Committed(1));
            Snapshot before = b.read(c);
            BatchResult r = b.apply(c, 1, batch);
            assertThat(r).as(what).isInstanceOfSatisfying(BatchResult.Refused.class, refused ->
                    assertThat(refused.problems()).as(what).singleElement().satisfies(p -> {
                        assertThat(p.code().name()).isEqualTo("ACTION_CAPACITY");
                        assertThat(p.path()).isEqualTo(path);
                        assertThat(p.message()).contains(mentions);
                    }));
            assertThat(b.read(c)).as("nothing of the batch was written, not even its valid launch").isEqualTo(before);
        }
    }

    // ---- one transition ---------------------------------------------------------------------------

    /**
     * Batches with every action kind, declared layouts included, each valid against the state the
     * ones before leave: launch (with and without a layout), place, configure, move (to another GPU
     * and in place), stop, replace (a new layout), terminate, and rollout records (two groups; one
     * replaced by a later batch, the other kept).
     */
    protected static List<List<Action>> transitionBatches() {
        Instance ep = migEndpoint("ep-0");
        Allocation e0 = Fleet.mps("embedder/0", 0, 4096, 25), e1 = Fleet.mps("embedder/1", 0, 4096, 25);
        Allocation e1on1 = Fleet.mps("embedder/1", 1, 4096, 25), e0big = Fleet.mps("embedder/0", 0, 8192, 25);
        Allocation ic0 = Fleet.onPartition("ic/0", "3g.20gb", 0), ic0at4 = Fleet.onPartition("ic/0", "3g.20gb", 4);
        Instance l4b = Fleet.mpsInstance("l4-1", "l4", List.of());
        return List.of(
                List.of(new LaunchInstance(L4, null), new LaunchInstance(ep, List.of("3g.20gb", "3g.20gb")),
                        placeOn(L4_0, 0, e0), placeOn(L4_0, 0, e1), new PlaceCopy(ic0.task(), List.of(new Placement(ep.id(), 0, ic0)))),
                List.of(new Action.ConfigureGpu(L4_0, 1, dev.gpushare.engine.state.GpuMode.IDLE, dev.gpushare.engine.state.GpuMode.MPS, null, List.of()),
                        new Action.MoveCopy(e1.task(), List.of(new Placement(L4_0, 0, e1)), List.of(new Placement(L4_0, 1, e1on1)), "rebalanced", false),
                        new Action.MoveCopy(e0.task(), List.of(new Placement(L4_0, 0, e0)), List.of(new Placement(L4_0, 0, e0big)), "requirements changed", false),
                        new Action.MoveCopy(ic0.task(), List.of(new Placement(ep.id(), 0, ic0)), List.of(new Placement(ep.id(), 0, ic0at4)), "rebalanced", false),
                        new LaunchInstance(l4b, null), placeOn(l4b.id(), 2, Fleet.mps("embedder/2", 2, 2048, null)),
                        new Action.RecordRollout(new dev.gpushare.engine.state.RolloutRecord("embedder", List.of("5e0c1d2a3b4f"),
                                "9a8b7c6d5e4f", 1, 2, dev.gpushare.engine.state.RolloutRecord.Phase.IN_PROGRESS, null)),
                        new Action.RecordRollout(new dev.gpushare.engine.state.RolloutRecord("ic", List.of("unknown"),
                                "0123456789ab", 1, 1, dev.gpushare.engine.state.RolloutRecord.Phase.COMPLETED, null))),
                List.of(new Action.StopCopy(e0.task(), List.of(new Placement(L4_0, 0, e0big))),
                        new Action.RecordRollout(new dev.gpushare.engine.state.RolloutRecord("embedder", List.of("5e0c1d2a3b4f"),
                                "9a8b7c6d5e4f", 1, 2, dev.gpushare.engine.state.RolloutRecord.Phase.ROLLED_BACK,
                                "circuit breaker: 3 new copies not ready within 30 s")),
                        new Action.ReplaceInstance(ep, List.of("3g.20gb", "3g.20gb", "1g.5gb"), "partition layout changed"),
                        new Action.TerminateInstance(l4b.id(), "no longer needed")));
    }

    /** The one transition: what a backend reads back after a batch is what {@link StateFold} folds. */
    @Test
    protected void readAfterApplyIsTheFoldOfReadBefore() {
        transitionHolds(dev.gpushare.engine.plan.StateFold::apply);
    }

    /**
     * Applies {@link #transitionBatches} one after another and checks after each that {@code
     * read(after) == fold(read(before), batch)} — state, declared layouts and revision; throws
     * {@link AssertionError} when a batch reads back other than {@code fold} says.
     */
    protected void transitionHolds(java.util.function.BiFunction<Snapshot, List<Action>, Snapshot> fold) {
        String c = cluster("fold");
        try (Backend b = open()) {
            for (List<Action> batch : transitionBatches()) {
                Snapshot before = b.read(c);
                BatchResult r = b.apply(c, before.revision(), batch);
                assertThat(r).as("batch %s", batch).isInstanceOf(BatchResult.Committed.class);
                Snapshot after = b.read(c), folded = fold.apply(before, batch);
                assertThat(after.state()).as("state after %s", batch).isEqualTo(folded.state());
                assertThat(after.declaredLayouts()).as("declared layouts after %s", batch).isEqualTo(folded.declaredLayouts());
                assertThat(after.revision()).isEqualTo(folded.revision());
                assertThat(after.rollouts()).as("rollout records after %s", batch).isEqualTo(folded.rollouts());
            }
        }
    }

    /** {@code copies} copies of {@code memoryMiB} on g6.12xlarge, for cluster {@code c}. */
    protected static Spec spec(String c, int copies, int memoryMiB) {
        return Specs.mpsService(c, copies, memoryMiB, 4);
    }
}
