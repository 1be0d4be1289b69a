package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.internal.SnapshotCodec;
import dev.gpushare.engine.backend.local.internal.StateRows;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.internal.LazyAllocations;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The local backend's three ways of answering a read — the state kept in memory through its own
 * commits, the stored snapshot, the rows — agree exactly, through applies of every example spec
 * (launch, configure, place, move, stop, replace, terminate), changes of their copy counts, an
 * unhealthy instance and a destroy; and a stale or damaged snapshot is never answered.
 */
class StoredSnapshotTest {
    @TempDir Path dir;

    static Stream<Path> examples() {
        return Specs.examples().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void keptStoredAndRowsAgreeThroughEveryKindOfChange(Path example) throws Exception {
        Spec spec = Specs.file(example);
        String yaml = SpecWriter.toYaml(spec);
        Path file = dir.resolve("state");
        String cluster = spec.cluster();
        List<Spec> steps = List.of(spec, Specs.yaml(counts(yaml, 2)), Specs.yaml(counts(yaml, -1)), spec);
        for (Spec step : steps) {
            try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
                Snapshot before = b.read(cluster);
                Plan plan = gs.plan(step);
                assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
                Snapshot kept = b.read(cluster); // answered from memory: folded through the batches
                assertThat(kept).isEqualTo(rows(file, cluster));
                // and the meaning of the actions, as the engine defines it
                assertThat(kept.state()).isEqualTo(StateFold.apply(before.state(), plan.actions()));
            }
            // closing stored the snapshot; a new process reads it, and it is the rows' state
            assertThat(storedRevision(file, cluster)).isEqualTo(rows(file, cluster).revision());
            try (LocalBackend b = LocalBackend.open(file)) {
                assertThat(b.read(cluster)).isEqualTo(rows(file, cluster));
            }
        }
        String first = firstInstance(file, cluster);
        try (LocalBackend b = LocalBackend.open(file)) {
            b.read(cluster);
            b.markUnhealthy(cluster, first, "mps-daemon-unresponsive");
            assertThat(b.read(cluster)).isEqualTo(rows(file, cluster));
            try (Gpushare gs = Gpushare.using(b)) {
                assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class); // replaces the instance
            }
            assertThat(b.read(cluster)).isEqualTo(rows(file, cluster));
        }
        try (LocalBackend b = LocalBackend.open(file)) {
            assertThat(b.read(cluster)).isEqualTo(rows(file, cluster));
            assertThat(b.destroy(cluster)).isTrue();
            assertThat(b.read(cluster)).isEqualTo(rows(file, cluster));
        }
        assertThat(storedRevision(file, cluster)).isEqualTo(-1L); // destroy removed it
    }

    @Test
    void aSnapshotLeftBehindByALaterWriteIsNotAnswered() throws Exception {
        Spec spec = Specs.mpsService(12, 4096);
        Path file = dir.resolve("state");
        try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
        }
        long stored = storedRevision(file, "scale");
        // another writer that never read (so keeps and stores nothing), as a crash before close would leave it
        try (LocalBackend reader = LocalBackend.open(file); LocalBackend writer = LocalBackend.open(file)) {
            Plan grow = Gpushare.using(reader).plan(Specs.mpsService(20, 4096));
            long revision = grow.revision();
            for (var a : grow.actions()) {
                assertThat(writer.apply("scale", revision, List.of(a))).isInstanceOf(dev.gpushare.engine.backend.BatchResult.Committed.class);
                revision++;
            }
        }
        assertThat(storedRevision(file, "scale")).isEqualTo(stored).isLessThan(rows(file, "scale").revision());
        try (LocalBackend b = LocalBackend.open(file)) {
            assertThat(b.read("scale")).isEqualTo(rows(file, "scale"));
            assertThat(b.read("scale").state().summary().allocations()).isEqualTo(20);
        }
    }

    @Test
    void aDamagedSnapshotIsIgnoredAndTheRowsAnswer() throws Exception {
        Path file = dir.resolve("state");
        try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
            assertThat(gs.apply(gs.plan(Specs.mpsService(12, 4096)))).isInstanceOf(ApplyOutcome.Applied.class);
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             PreparedStatement ps = c.prepareStatement("UPDATE snapshots SET doc = ?")) {
            byte[] doc = doc(c);
            ps.setBytes(1, Arrays.copyOf(doc, doc.length / 2)); // cut short
            ps.executeUpdate();
        }
        try (LocalBackend b = LocalBackend.open(file)) {
            assertThat(b.read("scale")).isEqualTo(rows(file, "scale"));
        }
    }

    @Test
    void theCodecReadsBackWhatItWroteAndRefusesWhatItDidNot() throws Exception {
        Path file = dir.resolve("state");
        Path mig = Specs.examples().stream().filter(p -> p.toString().contains("sagemaker-mig")).findFirst().orElseThrow();
        try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
            assertThat(gs.apply(gs.plan(Specs.file(mig)))).isInstanceOf(ApplyOutcome.Applied.class);
        }
        Snapshot s = rows(file, Specs.file(mig).cluster());
        assertThat(s.state().instances()).anySatisfy(i -> assertThat(i.gpus()).anySatisfy(g -> assertThat(g.partitions()).isNotEmpty()));
        byte[] doc = SnapshotCodec.encode(s);
        assertThat(SnapshotCodec.decode(doc)).isEqualTo(s);
        assertThatThrownBy(() -> SnapshotCodec.decode(Arrays.copyOf(doc, doc.length - 1))).isInstanceOf(IllegalArgumentException.class);
        byte[] other = doc.clone();
        other[3] = 3; // another format (3: tasks as text, environments inline)
        assertThatThrownBy(() -> SnapshotCodec.decode(other)).isInstanceOf(IllegalArgumentException.class);
        // what a stored state may hold besides what the solver makes: a task id kept as text, an
        // edited environment (a null value), the same environment on copies of other sizes
        Snapshot edited = new Snapshot(edited(s.state()), s.revision(), s.declaredLayouts());
        assertThat(SnapshotCodec.decode(SnapshotCodec.encode(edited))).isEqualTo(edited);
    }

    @Test
    void readLazilyAllocationsAreDecodedWhenFirstReadAndASnapshotCutShortAnywhereIsRefusedWhenRead() throws Exception {
        Path file = dir.resolve("state");
        Spec spec = Specs.mpsService(23, 4096); // 2 instances of 4 GPUs, 5 copies of 4,096 MiB on each GPU but the last ones
        try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
        }
        Snapshot s = rows(file, spec.cluster());
        byte[] doc = SnapshotCodec.encode(s);
        Snapshot read = SnapshotCodec.decode(doc, true);
        Snapshot eager = SnapshotCodec.decode(doc);
        assertThat(eager).isEqualTo(s);
        assertThat(eager.state().instances()).allSatisfy(i -> assertThat(i.gpus())
                .allSatisfy(g -> assertThat(g.allocations()).isNotInstanceOf(LazyAllocations.class)));
        int gpus = 0;
        for (int i = 0; i < s.state().instances().size(); i++) {
            for (int g = 0; g < s.state().instances().get(i).gpus().size(); g++) {
                Gpu was = s.state().instances().get(i).gpus().get(g), now = read.state().instances().get(i).gpus().get(g);
                if (was.allocations().isEmpty()) continue;
                gpus++;
                // the count and the MiB reserved are known before a copy is decoded
                assertThat(now.allocations()).isInstanceOf(LazyAllocations.class);
                assertThat(now.allocations()).hasSameSizeAs(was.allocations());
                assertThat(now.mpsReservedMiB()).isEqualTo(was.mpsReservedMiB()).isPositive();
                assertThat(((LazyAllocations) now.allocations()).decoded()).isFalse();
                assertThat(now.allocations()).containsExactlyElementsOf(was.allocations());
                assertThat(((LazyAllocations) now.allocations()).decoded()).isTrue();
            }
        }
        assertThat(gpus).as("GPUs holding copies").isPositive();
        assertThat(read).isEqualTo(s);
        // every allocation is checked when the snapshot is read: cut short anywhere, it is refused then
        for (int n = 0; n < doc.length; n++) {
            int cut = n;
            assertThatThrownBy(() -> SnapshotCodec.decode(Arrays.copyOf(doc, cut), true)).as("the first %d of %d bytes", cut, doc.length)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> SnapshotCodec.decode(Arrays.copyOf(doc, cut))).as("the first %d of %d bytes", cut, doc.length)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aSnapshotReadLazilyIsTheSameWhicheverThreadsFirstReadItsAllocations() throws Exception {
        Path file = dir.resolve("state");
        Spec spec = Specs.mpsService(23, 4096);
        try (LocalBackend b = LocalBackend.open(file); Gpushare gs = Gpushare.using(b)) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
        }
        Snapshot s = rows(file, spec.cluster());
        byte[] doc = SnapshotCodec.encode(s);
        for (int round = 0; round < 20; round++) {
            Snapshot read = SnapshotCodec.decode(doc, true);
            // four threads read every GPU's allocations at once, each from another GPU first: each GPU decoded once, the same
            List<java.util.concurrent.Callable<List<List<Allocation>>>> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int first = t;
                readers.add(() -> {
                    List<Gpu> gpus = new ArrayList<>();
                    for (Instance i : read.state().instances()) gpus.addAll(i.gpus());
                    java.util.Collections.rotate(gpus, -first);
                    List<List<Allocation>> out = new ArrayList<>();
                    for (Gpu g : gpus) out.add(List.copyOf(g.allocations()));
                    java.util.Collections.rotate(out, first);
                    return out;
                });
            }
            List<List<Allocation>> expected = new ArrayList<>();
            for (Instance i : s.state().instances()) for (Gpu g : i.gpus()) expected.add(g.allocations());
            var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                for (var result : pool.invokeAll(readers)) assertThat(result.get()).isEqualTo(expected);
            } finally {
                pool.shutdownNow();
            }
            assertThat(read).isEqualTo(s);
        }
    }

    private static FleetState edited(FleetState state) {
        List<Instance> instances = new ArrayList<>();
        int n = 0;
        for (Instance i : state.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> as = new ArrayList<>();
                for (Allocation a : g.allocations()) {
                    Map<String, String> env = new TreeMap<>(a.env());
                    if (n % 3 == 1) env.put("EDITED", null);
                    as.add(new Allocation(n % 3 == 0 ? TaskId.parse("not numbered " + n) : a.task(), a.container(),
                            n % 2 == 0 ? a.memoryMiB() : Long.valueOf(1024), a.maxComputePercent(), a.partition(), env, a.revision()));
                    n++;
                }
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as));
            }
            instances.add(i.withGpus(gpus));
        }
        assertThat(n).isGreaterThan(3);
        return new FleetState(state.cluster(), instances, state.unplaced());
    }

    /** The YAML with every {@code desiredCount: N} moved by {@code delta} (at least 0). */
    static String counts(String yaml, int delta) {
        Matcher m = Pattern.compile("desiredCount: (\\d+)").matcher(yaml);
        StringBuilder sb = new StringBuilder();
        while (m.find()) m.appendReplacement(sb, "desiredCount: " + Math.max(0, Integer.parseInt(m.group(1)) + delta));
        return m.appendTail(sb).toString();
    }

    /** What the rows say, read past any kept or stored snapshot. */
    static Snapshot rows(Path file, String cluster) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return StateRows.read(c, cluster);
        }
    }

    static long storedRevision(Path file, String cluster) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             PreparedStatement ps = c.prepareStatement("SELECT revision FROM snapshots WHERE cluster = ?")) {
            ps.setString(1, cluster);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : -1;
            }
        }
    }

    static String firstInstance(Path file, String cluster) throws SQLException {
        return rows(file, cluster).state().instances().getFirst().id().toString();
    }

    static byte[] doc(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT doc FROM snapshots")) {
            rs.next();
            return rs.getBytes(1);
        }
    }
}
