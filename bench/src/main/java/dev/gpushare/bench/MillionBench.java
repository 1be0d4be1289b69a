package dev.gpushare.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetReport;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.Spec;
import dev.gpushare.server.ServiceStores;

/**
 * Issue 15, target 2: a million MPS copies (docs/benchmarks.md, "A million copies"). Workload (a)
 * of {@link PlacementBench} at 1,000,000 copies (g6.12xlarge, seed {@link Workloads#SEED}).
 * <ul>
 *   <li>{@code MillionBench place [RUNS [sha]]}: placed from empty, warmed up twice, then the best of RUNS
 *       (3): the placing thread's CPU ms and wall ms, the live heap after a GC while the placed
 *       state is held, the ratio to the best lower bound ({@code place RUNS sha}: and the state's
 *       SHA-256, which needs a heap of a few GiB). Run it under
 *       {@code -Xmx1g} to show that it fits in 1 GiB.</li>
 *   <li>{@code MillionBench apply BATCH [PG_BATCH JDBC_URL]}: the plan from empty, applied by the reconciler
 *       in batches of BATCH actions to the local backend (a temporary SQLite file) and, given a
 *       {@code jdbc:postgresql://…} URL, in batches of PG_BATCH to the PostgreSQL store of the placement service (what the
 *       remote backend writes through); then {@code status} of the result on each, from a freshly
 *       opened store: the read and the status document ({@code FleetReport.text}). Times and the
 *       store's size on disk. BATCH 0 skips the local backend (PostgreSQL only).</li>
 * </ul>
 * Every row prints the machine's load average (the machine is shared).
 */
public final class MillionBench {
    static final int COPIES = 1_000_000;

    private MillionBench() {}

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "place";
        Spec spec = Workloads.mps(COPIES, Workloads.SEED);
        System.out.printf(Locale.ROOT, "# %d MPS copies on g6.12xlarge, seed %d, %d CPU(s), Java %s, max heap %d MiB, load %.2f%n",
                COPIES, Workloads.SEED, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20, Measure.load());
        switch (mode) {
            case "place" -> place(spec, args.length > 1 ? Integer.parseInt(args[1]) : 3, args.length > 2 && args[2].equals("sha"));
            case "apply" -> apply(spec, Integer.parseInt(args[1]), args.length > 3 ? Integer.parseInt(args[2]) : 0, args.length > 3 ? args[3] : null);
            default -> throw new IllegalArgumentException("MillionBench place [RUNS [sha]] | apply BATCH [PG_BATCH JDBC_URL]");
        }
    }

    private static void place(Spec spec, int runs, boolean sha) {
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        for (int i = 0; i < 2; i++) Placer.place(resolved, FleetState.empty(spec.cluster())); // warm-up
        long best = Long.MAX_VALUE, bestCpu = Long.MAX_VALUE;
        FleetState s = null;
        System.out.println("| run | CPU ms | wall ms | load |");
        for (int i = 0; i < runs; i++) {
            s = null;
            System.gc();
            long c0 = Measure.cpu();
            long t0 = System.nanoTime();
            s = Placer.place(resolved, FleetState.empty(spec.cluster()));
            long wall = System.nanoTime() - t0, cpu = Measure.cpu() - c0;
            best = Math.min(best, wall);
            bestCpu = Math.min(bestCpu, cpu);
            System.out.printf(Locale.ROOT, "| %d | %.0f | %.0f | %.2f |%n", i + 1, cpu / 1e6, wall / 1e6, Measure.load());
        }
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        LowerBounds.Fleet lb = LowerBounds.of(spec, Catalog.builtIn());
        System.out.println("| copies | instances | GPUs | lower bound (instances) | ratio | L2 (GPUs) | CPU ms (best) | wall ms (best) | live heap MiB | max heap MiB | unplaced | load |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        System.out.printf(Locale.ROOT, "| %d | %d | %d | %d | %s | %d | %.0f | %.0f | %d | %d | %d | %.2f |%n", PlacementBench.copies(spec),
                s.instances().size(), PlacementBench.busyGpus(s), lb.best(), PlacementBench.ratio(s.instances().size(), lb.best()),
                lb.gpusL2(), bestCpu / 1e6, best / 1e6, heap >> 20, Runtime.getRuntime().maxMemory() >> 20, s.unplaced().size(),
                Measure.load());
        // the state's text is several hundred MB: only with a heap that holds it (to compare engines)
        if (sha) System.out.println("state SHA-256 " + Measure.sha256(StateJson.toJson(s)));
    }

    private static void apply(Spec spec, int batch, int pgBatch, String pgUrl) throws Exception {
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        long t0 = System.nanoTime();
        Plan plan = Planner.plan(resolved, Snapshot.empty(spec.cluster()));
        System.out.printf(Locale.ROOT, "plan from empty: %d actions, %.0f ms wall (placement included), load %.2f%n",
                plan.actions().size(), (System.nanoTime() - t0) / 1e6, Measure.load());
        System.out.println("| store | operation | wall s | size on disk MB | detail | load |");
        System.out.println("|---|---|---|---|---|---|");

        if (batch > 0) {
            Path dir = Files.createTempDirectory("gpushare-million");
            Path file = dir.resolve("state");
            try (LocalBackend local = LocalBackend.open(file)) {
                timedApply("local (SQLite file)", local, plan, batch, () -> dirSize(dir));
            }
            try (LocalBackend local = LocalBackend.open(file)) {
                timedStatus("local (SQLite file)", local, spec.cluster(), () -> dirSize(dir));
            }
        }
        if (pgUrl == null) return;
        try (Backend backend = ServiceStores.postgres(pgUrl, 2)) {
            backend.destroy(spec.cluster());
            timedApply("PostgreSQL", backend, plan, pgBatch, () -> pgSize(pgUrl));
        }
        try (Backend backend = ServiceStores.postgres(pgUrl, 2)) {
            timedStatus("PostgreSQL", backend, spec.cluster(), () -> pgSize(pgUrl));
            backend.destroy(spec.cluster());
        }
    }

    private static void timedApply(String store, Backend backend, Plan plan, int batch, Size size) throws Exception {
        long t0 = System.nanoTime();
        long[] lastBatch = {t0};
        double[] slowest = {0};
        ApplyOutcome out = Reconciler.apply(backend, plan, new ApplyListener() {
            @Override
            public void committed(int done, int total, long revision) {
                long now = System.nanoTime();
                System.err.printf(Locale.ROOT, "%s: batch to %d of %d committed in %.1f s, load %.2f%n", store, done, total,
                        (now - lastBatch[0]) / 1e9, Measure.load());
                slowest[0] = Math.max(slowest[0], (now - lastBatch[0]) / 1e9);
                lastBatch[0] = now;
            }
        }, batch);
        double s = (System.nanoTime() - t0) / 1e9;
        if (!(out instanceof ApplyOutcome.Applied)) throw new IllegalStateException(store + ": " + out);
        System.out.printf(Locale.ROOT, "| %s | apply %d actions, batches of %d | **%.1f** | %.1f | slowest batch %.2f s | %.2f |%n", store,
                plan.actions().size(), batch, s, size.bytes() / 1e6, slowest[0], Measure.load());
    }

    private static void timedStatus(String store, Backend backend, String cluster, Size size) throws Exception {
        long t0 = System.nanoTime();
        Snapshot snap = backend.read(cluster);
        double read = (System.nanoTime() - t0) / 1e9;
        String text = FleetReport.text(snap.state(), FleetUsage.of(snap.state(), Catalog.builtIn()));
        double all = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "| %s | status (read + status document) | **%.1f** | %.1f | read %.1f s, %d instances, document %.1f MB | %.2f |%n",
                store, all, size.bytes() / 1e6, read, snap.state().instances().size(), text.length() / 1e6, Measure.load());
    }

    @FunctionalInterface
    private interface Size {
        long bytes() throws Exception;
    }

    private static long dirSize(Path dir) throws Exception {
        long bytes = 0;
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) bytes += Files.size(p);
        }
        return bytes;
    }

    /** The store's tables with their indexes and TOAST (the state document lives in TOAST). */
    private static long pgSize(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n"
                     + " ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema()")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
