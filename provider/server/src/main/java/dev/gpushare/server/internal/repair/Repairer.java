package dev.gpushare.server.internal.repair;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.converge.Converged;
import dev.gpushare.engine.converge.Converger;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.server.RepairConfig;
import dev.gpushare.server.internal.Leadership;
import dev.gpushare.server.internal.Pause;
import dev.gpushare.server.internal.Store;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code serve --reconcile}: keeps every cluster that has a declared spec (the spec of its latest
 * apply) converged to it, through the engine's one {@link Converger}. Level-triggered: each tick
 * looks at what is, not at events, so a missed or repeated signal changes nothing.
 *
 * <p>Per cluster, per tick (only while this server holds the {@link Leadership}):
 * <ol>
 *   <li>an instance whose agent reported before but not for the grace is marked
 *       {@code agent-silent};</li>
 *   <li>while an unhealthy mark is younger than the grace, nothing is done (marks that arrive
 *       within one grace are repaired together; a flapping agent that clears its mark in time
 *       causes no replacement);</li>
 *   <li>otherwise the cluster is converged — unless nothing moved since it was last converged
 *       (same spec, same revision, nothing unhealthy: coalesced) and the resync period has not
 *       passed. The plan replaces unhealthy instances under the 20 %/1 rule, start-before-stop
 *       ({@link dev.gpushare.engine.plan.ReplacementPolicy}); the rest are replaced on the next
 *       ticks, one budget at a time, and a rollout in progress continues the same way.</li>
 * </ol>
 * A failing cluster backs off (1 s doubling to 60 s); the others go on. {@link #close} stops the
 * loop between clusters (a converge in progress finishes: its batches are atomic anyway) and gives
 * the leadership up.
 */
public final class Repairer implements AutoCloseable {
    static final Duration MAX_BACKOFF = Duration.ofSeconds(60);
    /** The reason of a mark the loop makes when an instance's agent stopped reporting. */
    public static final String AGENT_SILENT = "agent-silent";

    private final Store store;
    private final Converger converger;
    private final RepairConfig config;
    private final RepairMetrics metrics;
    private final PrintStream log;
    private final Clock clock;
    private final Leadership leadership;
    private final Thread thread;
    /** The loop waits on this between ticks; {@link #close} wakes it (a converge in progress is let finish). */
    private final Pause pause = new Pause();

    private record Converged0(int specHash, long revision, Instant at) {}

    private final Map<String, Converged0> lastConverged = new HashMap<>();
    private final Map<String, Instant> retryAt = new HashMap<>();
    private final Map<String, Duration> backoff = new HashMap<>();
    /** Unhealthy instances whose mark time the store does not have (made before this version): first seen. */
    private final Map<String, Instant> firstSeen = new HashMap<>();
    /** The instance ids of each cluster as last seen (their heartbeats are kept, the others' forgotten). */
    private final Map<String, Set<String>> knownIds = new HashMap<>();

    public Repairer(Store store, Converger converger, RepairConfig config, RepairMetrics metrics, PrintStream log) {
        this(store, converger, config, metrics, log, Clock.systemUTC());
    }

    Repairer(Store store, Converger converger, RepairConfig config, RepairMetrics metrics, PrintStream log, Clock clock) {
        this.store = store;
        this.converger = converger;
        this.config = config;
        this.metrics = metrics;
        this.log = log;
        this.clock = clock;
        this.leadership = store.leadership();
        this.thread = new Thread(this::run, "gpushare-reconcile");
        this.thread.setDaemon(true);
    }

    public Repairer start() {
        thread.start();
        return this;
    }

    private void run() {
        boolean leading = false;
        while (pause.running()) {
            boolean leads = leadership.lead();
            if (leads != leading) {
                leading = leads;
                metrics.leader(leads);
                log.println("gpushare serve: " + (leads ? "reconciling (this server leads)" : "not reconciling (another server leads)"));
                log.flush();
                if (leads) { // what happened while another led is not known here
                    lastConverged.clear();
                    knownIds.clear();
                }
            }
            if (leads) {
                try {
                    for (String cluster : store.clusters()) {
                        if (!pause.running()) break;
                        pass(cluster);
                    }
                } catch (RuntimeException e) {
                    log.println("gpushare serve: reconcile: cannot list clusters: " + e.getMessage());
                }
            }
            pause.between(config.tick());
        }
    }

    private void pass(String cluster) {
        Instant now = clock.instant();
        Instant retry = retryAt.get(cluster);
        if (retry != null && now.isBefore(retry)) return;
        try {
            String result = reconcile(cluster, now);
            metrics.reconciled(result);
            if (!result.equals("failed") && !result.equals("refused")) {
                retryAt.remove(cluster);
                backoff.remove(cluster);
            }
        } catch (RuntimeException e) {
            metrics.reconciled("failed");
            fail(cluster, now, e.getMessage());
        }
    }

    private void fail(String cluster, Instant now, String why) {
        Duration b = backoff.getOrDefault(cluster, Duration.ZERO);
        b = b.isZero() ? Duration.ofSeconds(1) : b.multipliedBy(2);
        if (b.compareTo(MAX_BACKOFF) > 0) b = MAX_BACKOFF;
        backoff.put(cluster, b);
        retryAt.put(cluster, now.plus(b));
        log.println("gpushare serve: reconcile " + cluster + " failed: " + why + "; retrying in " + b.toSeconds() + " s");
        log.flush();
    }

    /** One level-triggered pass over {@code cluster}; the result names what it did. */
    String reconcile(String cluster, Instant now) {
        var declared = store.declaredSpec(cluster);
        if (declared.isEmpty()) return "unmanaged";
        String json = declared.get();
        Snapshot s = store.read(cluster);

        // 0. heartbeats and mark times of instances that are gone are forgotten (ids are reused: a
        //    new l4-0 must not inherit the old one's last report)
        Set<String> ids = new TreeSet<>();
        for (Instance i : s.state().instances()) ids.add(i.id().toString());
        if (!ids.equals(knownIds.get(cluster))) {
            store.retainInstances(cluster, ids);
            knownIds.put(cluster, ids);
        }

        // 1. agents silent for the grace
        Map<String, Instant> heard = store.heartbeats(cluster);
        boolean marked = false;
        for (Instance i : s.state().instances()) {
            Instant last = heard.get(i.id().toString());
            if (i.healthy() && last != null && Duration.between(last, now).compareTo(config.grace()) > 0) {
                store.markUnhealthy(cluster, i.id().toString(), AGENT_SILENT + ": no report from its agent for "
                        + Duration.between(last, now).toSeconds() + " s (last at " + last + ")");
                log.println("gpushare serve: " + cluster + ": " + i.id() + " marked agent-silent");
                marked = true;
            }
        }
        if (marked) s = store.read(cluster);

        // 2. marks younger than the grace: wait for them
        Map<String, Instant> markedAt = store.markedAt(cluster);
        Map<String, Instant> unhealthy = new HashMap<>();
        for (Instance i : s.state().instances()) {
            if (i.healthy()) continue;
            String id = i.id().toString();
            // an agent-silent instance has been down since its last report: its grace has run already
            Instant since = i.healthReason() != null && i.healthReason().startsWith(AGENT_SILENT) && heard.containsKey(id)
                    ? heard.get(id) : markedAt.get(id);
            if (since == null) since = firstSeen.computeIfAbsent(cluster + "/" + id, k -> now);
            unhealthy.put(id, since);
        }
        for (Instant since : unhealthy.values()) {
            if (Duration.between(since, now).compareTo(config.grace()) < 0) return "waiting";
        }

        // 3. converge, unless nothing moved since the last time (coalesced) and no resync is due
        int specHash = json.hashCode();
        Converged0 last = lastConverged.get(cluster);
        if (unhealthy.isEmpty() && last != null && last.specHash() == specHash && last.revision() == s.revision()
                && Duration.between(last.at(), now).compareTo(config.resync()) < 0) {
            return "unchanged";
        }
        var resolved = switch (Pipeline.check("declared spec of cluster " + cluster, json)) {
            case Checked.Valid v -> v.spec();
            case Checked.Invalid inv -> {
                fail(cluster, now, "its declared spec is invalid: " + inv.problems().getFirst().message());
                yield null;
            }
        };
        if (resolved == null) return "refused";
        // from the very snapshot judged above: a mark that arrived since waits for its own grace
        Converged c = converger.convergeFrom(resolved, s, dev.gpushare.engine.reconcile.ApplyListener.NONE);
        switch (c.outcome()) {
            case ApplyOutcome.Applied a -> {
                Instant done = clock.instant();
                Set<String> left = new TreeSet<>();
                for (Instance i : c.state().instances()) left.add(i.id().toString());
                for (Map.Entry<String, Instant> e : unhealthy.entrySet()) {
                    if (left.contains(e.getKey())) continue;
                    long millis = Duration.between(e.getValue(), done).toMillis();
                    metrics.repaired(millis);
                    firstSeen.remove(cluster + "/" + e.getKey());
                    log.println("gpushare serve: " + cluster + ": replaced " + e.getKey() + " (" + millis + " ms after it was marked)");
                }
                if (!unhealthy.isEmpty()) {
                    store.retainInstances(cluster, left);
                    knownIds.put(cluster, left);
                }
                lastConverged.put(cluster, new Converged0(specHash, c.revision(), done));
                metrics.converged(cluster, done.toEpochMilli());
                if (a.actions() > 0) {
                    log.println("gpushare serve: " + cluster + ": converged at revision " + c.revision() + " (" + a.actions() + " actions)");
                }
                log.flush();
                return a.actions() > 0 ? "converged" : "unchanged";
            }
            case ApplyOutcome.Conflict conflict -> {
                return "conflict"; // other writers kept moving the cluster: the next tick plans again
            }
            case ApplyOutcome.Refused refused -> {
                fail(cluster, now, "the apply-time check refused the plan: " + refused.problems());
                return "refused";
            }
        }
    }

    /** Clusters this loop converged at least once since it leads (tests). */
    public List<String> convergedClusters() {
        synchronized (lastConverged) {
            return List.copyOf(new TreeSet<>(lastConverged.keySet()));
        }
    }

    /** Stops the loop (within a tick, or after the cluster it is converging) and gives the leadership up. */
    @Override
    public void close() {
        pause.stop();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        leadership.close();
        metrics.leader(false);
    }
}
