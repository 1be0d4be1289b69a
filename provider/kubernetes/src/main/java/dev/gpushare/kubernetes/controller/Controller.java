package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.kubernetes.internal.Keys;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code gpushare controller} on the {@code kubernetes:} backend: keeps every cluster its source
 * declares converged, without a person. Informers on nodes, gpushare's pods, claims and ConfigMaps
 * (and the custom resources, when they are the source) turn events into cluster keys on a
 * coalescing {@link WorkQueue}; one worker, on the replica that holds the Lease, takes a key and
 * makes one {@link Convergence} turn: read the objects, hold back instances inside their repair
 * grace, plan, apply. Failures come back with backoff; every cluster is reconciled again at each
 * resync. After a turn the custom resources' status and Events say what happened, and one log line
 * (JSON) per reconcile.
 *
 * <p>{@link #close()} (SIGTERM) stops taking keys, lets a running apply finish its batch loop
 * (each batch is idempotent and the revision lock keeps it consistent), releases the Lease, and
 * stops the informers.
 */
public final class Controller implements AutoCloseable {
    /** A copy whose previous pod is still terminating waits this long before its pod is made again. */
    static final Duration TERMINATING_RECHECK = Duration.ofSeconds(1);
    /** How long a deleted pod or claim may hold up the copies that need its name. */
    static final Duration DELETION_WAIT = Duration.ofSeconds(30);

    private final KubernetesBackend backend;
    private final KubernetesClient client;
    private final String namespace;
    private final ControllerOptions options;
    private final DesiredSource source;
    private final WorkQueue queue = new WorkQueue(Duration.ofMillis(500), Duration.ofMinutes(2));
    private final RepairGate gate;
    private final Convergence convergence;
    private final StatusWriter status;
    private final ControllerMetrics metrics = new ControllerMetrics();
    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
    private final PrintStream log;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gpushare-controller-resync");
        t.setDaemon(true);
        return t;
    });
    private final Set<String> known = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private volatile Thread worker;
    private CompletableFuture<?> election;

    public Controller(KubernetesBackend backend, ControllerOptions options, PrintStream log) {
        this.backend = backend;
        this.client = backend.client();
        this.namespace = backend.namespace();
        this.options = options;
        this.log = log;
        this.source = options.specFiles().isEmpty() ? new ResourceSpecs(client, namespace, options.resync())
                : new FileSpecs(options.specFiles());
        this.gate = new RepairGate(options.repairGrace());
        this.convergence = new Convergence(backend, gate);
        this.status = new StatusWriter(client, namespace);
        metrics.queueDepth(queue::depth);
    }

    public ControllerMetrics metrics() {
        return metrics;
    }

    public DesiredSource source() {
        return source;
    }

    /** The namespace's custom resources: the informers' view when they are the source, else read from the API server. */
    public List<GenericKubernetesResource> resources() {
        if (source instanceof ResourceSpecs r) return r.resources();
        List<GenericKubernetesResource> out = new ArrayList<>();
        for (CrdKind k : CrdKind.ALL) {
            try {
                out.addAll(client.genericKubernetesResources(ResourceSpecs.context(k)).inNamespace(namespace).list().getItems());
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 404) throw e; // the CRDs are not installed: no resources
            }
        }
        return out;
    }

    /** Whether the informers have listed once (the replica is ready to act when it leads). */
    public boolean ready() {
        return !closed && informers.stream().allMatch(SharedIndexInformer::hasSynced)
                && (!(source instanceof ResourceSpecs r) || r.synced());
    }

    /**
     * Starts the informers, the resync and the leader election.
     *
     * @throws BackendException when the API server refuses a watch (e.g. the custom resources are
     *                          not installed) or cannot be reached
     */
    public void start() {
        try {
            source.start(this::enqueue);
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            source.close();
            if (e.getCode() == 404) {
                throw new BackendException(dev.gpushare.engine.backend.BackendCode.KUBERNETES_REFUSED, "the gpushare.dev/v1 custom"
                        + " resources are not installed in this cluster; install them with: gpushare render crds | kubectl apply"
                        + " --server-side -f - (or run the controller with --spec FILE)", e);
            }
            throw dev.gpushare.kubernetes.internal.Failures.of("watch the gpushare.dev/v1 custom resources in " + namespace, e);
        }
        Consumer<HasMetadata> byLabel = o -> {
            Map<String, String> labels = o.getMetadata().getLabels();
            String c = labels == null ? null : labels.get(Keys.CLUSTER);
            if (c != null) enqueue(c);
            else enqueueAll();
        };
        long resync = options.resync().toMillis();
        informers.add(client.nodes().inform(new ResourceEventHandler<>() {
            @Override public void onAdd(Node n) { enqueueAll(); }
            @Override public void onUpdate(Node old, Node now) { if (NodeChange.matters(old, now)) enqueueAll(); }
            @Override public void onDelete(Node n, boolean unknown) { enqueueAll(); }
        }, resync));
        informers.add(client.pods().inNamespace(namespace).withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).inform(handler(byLabel), resync));
        informers.add(client.resources(ResourceClaim.class).inNamespace(namespace).withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE)
                .inform(handler(byLabel), resync));
        informers.add(client.configMaps().inNamespace(namespace).withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).inform(handler(byLabel), resync));
        informers.add(client.pods().inAnyNamespace().withLabel("app", Keys.MPS_DAEMON_APP).inform(handler(o -> enqueueAll()), resync));
        timer.scheduleAtFixedRate(this::enqueueAll, resync, resync, TimeUnit.MILLISECONDS);
        LeaderElectionConfig cfg = new LeaderElectionConfig(new LeaseLock(options.leaseNamespace(), options.leaseName(), options.identity()),
                options.leaseDuration(), options.renewDeadline(), options.retryPeriod(),
                new LeaderCallbacks(this::startLeading, this::stopLeading, leader -> line("leader", Map.of("leader", leader))),
                true, options.leaseName());
        election = client.leaderElector().withConfig(cfg).build().start();
        line("started", Map.of("identity", options.identity(), "namespace", namespace,
                "source", options.specFiles().isEmpty() ? "custom resources" : options.specFiles().toString(),
                "repairGraceSeconds", options.repairGrace().toSeconds()));
    }

    private <T extends HasMetadata> ResourceEventHandler<T> handler(Consumer<HasMetadata> on) {
        return new ResourceEventHandler<>() {
            @Override public void onAdd(T o) { on.accept(o); }
            @Override public void onUpdate(T old, T now) {
                if (!old.getMetadata().getResourceVersion().equals(now.getMetadata().getResourceVersion())) on.accept(now);
            }
            @Override public void onDelete(T o, boolean unknown) { on.accept(o); }
        };
    }

    private void enqueue(String cluster) {
        known.add(cluster);
        queue.add(cluster);
    }

    private void enqueueAll() {
        known.addAll(source.clusters());
        for (String c : known) queue.add(c);
    }

    private synchronized void startLeading() {
        if (closed) return;
        metrics.leader(true);
        line("leading", Map.of("identity", options.identity()));
        enqueueAll();
        // the worker runs while it is the one in `worker`: assigned before it starts, else a thread
        // scheduled at once sees the field still empty and ends, and the leader never reconciles
        Thread w = Thread.ofPlatform().name("gpushare-controller-worker").unstarted(this::work);
        worker = w;
        w.start();
    }

    private void stopLeading() {
        metrics.leader(false);
        line("stopped-leading", Map.of("identity", options.identity()));
        Thread w = worker;
        worker = null;
        if (w != null) w.interrupt();
    }

    private void work() {
        Thread me = Thread.currentThread();
        while (!closed && worker == me) {
            Optional<String> key;
            try {
                key = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (key.isEmpty()) return;
            boolean ok = false;
            try {
                if (worker != me) {
                    ok = true;
                    queue.add(key.get()); // lost the lease meanwhile: the next leader does it
                    return;
                }
                ok = reconcile(key.get());
            } catch (RuntimeException e) {
                line("reconcile", Map.of("cluster", key.get(), "result", "error", "error", String.valueOf(e)));
                metrics.reconciled("error");
            } finally {
                queue.done(key.get(), ok);
            }
        }
    }

    /** One reconcile of one cluster; false when it failed and should come back with backoff. */
    boolean reconcile(String cluster) {
        long t0 = System.nanoTime();
        Optional<Desired> desired = source.of(cluster);
        if (desired.isEmpty()) {
            known.remove(cluster);
            return true;
        }
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        fields.put("cluster", cluster);
        String result;
        boolean ok = true;
        ClusterReport report;
        if (desired.get() instanceof Desired.Invalid inv) {
            result = "invalid";
            fields.put("problems", inv.problems().size());
            fields.put("first", inv.problems().getFirst().path() + ": " + inv.problems().getFirst().message());
            report = new ClusterReport(inv, null, null, null, Instant.now());
        } else {
            Desired.Valid valid = (Desired.Valid) desired.get();
            try {
                Optional<String> claimGoing = restoreClaims(cluster);
                Set<String> terminating = terminatingTasks(cluster);
                Convergence.Turn turn = convergence.once(valid.spec(), plan -> claimGoing.isPresent() ? claimGoing : waitFor(plan, terminating));
                fields.put("revision", turn.plan().revision());
                fields.put("actions", turn.plan().actions().size());
                fields.put("unplaced", turn.plan().desired().unplaced().size());
                if (turn.waiting().isPresent()) {
                    result = "waiting";
                    fields.put("waitingFor", turn.waiting().get());
                    queue.addAfter(cluster, TERMINATING_RECHECK);
                } else if (turn.outcome().isEmpty()) {
                    result = "converged";
                } else {
                    switch (turn.outcome().get()) {
                        case ApplyOutcome.Applied a -> result = "applied";
                        case ApplyOutcome.Conflict c -> {
                            result = "conflict";
                            queue.add(cluster);
                        }
                        case ApplyOutcome.Refused r -> {
                            result = "refused";
                            ok = false;
                            fields.put("first", r.problems().getFirst().path() + ": " + r.problems().getFirst().message());
                        }
                    }
                }
                if (result.equals("applied")) queue.add(cluster); // look once more: converged, or what is left
                if (turn.converged() && turn.waiting().isEmpty()) metrics.converged(cluster, Instant.now());
                turn.recheckIn().ifPresent(d -> {
                    fields.put("heldUnhealthy", true);
                    queue.addAfter(cluster, d.plusMillis(50));
                });
                for (Map.Entry<InstanceId, Duration> r : turn.replaced().entrySet()) {
                    metrics.repaired(r.getValue());
                    fields.put("replaced", r.getKey().toString());
                    fields.put("unhealthyToReplacedMs", r.getValue().toMillis());
                    event(valid, r.getKey().owner(), "Warning", "InstanceReplaced", "instance " + r.getKey() + " was unhealthy for "
                            + r.getValue().toSeconds() + " s (repair grace " + options.repairGrace().toSeconds() + " s): replaced, its copies moved");
                }
                report = new ClusterReport(valid, turn, null, null, Instant.now());
            } catch (BackendException e) {
                result = "error";
                ok = false;
                fields.put("code", e.code().name());
                fields.put("error", e.getMessage());
                report = new ClusterReport(valid, null, e.code().name(), e.getMessage(), Instant.now());
            }
        }
        if (source instanceof ResourceSpecs r && report.desired().document() != null) {
            try {
                status.write(report, r.resources());
            } catch (RuntimeException e) {
                fields.put("statusError", String.valueOf(e.getMessage()));
            }
        }
        metrics.reconciled(result);
        fields.put("result", result);
        fields.put("ms", (System.nanoTime() - t0) / 1_000_000);
        line("reconcile", fields);
        return ok;
    }

    /**
     * Whether an object's deletion, requested at {@code deletionTimestamp} (minus its grace period),
     * is recent enough to wait for: a pod on a node that cannot be reached never finishes
     * terminating, so after {@link #DELETION_WAIT} it no longer holds anything up.
     */
    private static boolean recentlyDeleted(HasMetadata o) {
        String ts = o.getMetadata().getDeletionTimestamp();
        if (ts == null) return false;
        long grace = o.getMetadata().getDeletionGracePeriodSeconds() == null ? 0 : o.getMetadata().getDeletionGracePeriodSeconds();
        return Instant.parse(ts).minusSeconds(grace).plus(DELETION_WAIT).isAfter(Instant.now());
    }

    /** Tasks whose pod is being deleted: a new pod of the same name can only be made once the old one is gone. */
    private Set<String> terminatingTasks(String cluster) {
        Set<String> out = new HashSet<>();
        for (Pod p : client.pods().inNamespace(namespace).withLabel(Keys.CLUSTER, cluster).list().getItems()) {
            if (!recentlyDeleted(p) || p.getMetadata().getAnnotations() == null) continue;
            String task = p.getMetadata().getAnnotations().get(Keys.TASK);
            if (task != null) out.add(task);
        }
        return out;
    }

    private static Optional<String> waitFor(Plan plan, Set<String> terminating) {
        for (Action a : plan.actions()) {
            if (a instanceof Action.PlaceCopy p && terminating.contains(p.task().toString())) {
                return Optional.of("the previous pod of " + p.task() + " to finish terminating");
            }
        }
        return Optional.empty();
    }

    /**
     * Drift the snapshot cannot see: a live pod whose ResourceClaim was deleted cannot keep (or get)
     * its device. Its pod is deleted, so that the next plan places the copy again, which makes the
     * claim and the pod anew.
     */
    private Optional<String> restoreClaims(String cluster) {
        if (backend.devices() != dev.gpushare.kubernetes.DeviceMode.DRA) return Optional.empty();
        Set<String> claims = new HashSet<>();
        Optional<String> going = Optional.empty();
        for (ResourceClaim c : client.resources(ResourceClaim.class).inNamespace(namespace).withLabel(Keys.CLUSTER, cluster).list().getItems()) {
            if (c.getMetadata().getDeletionTimestamp() == null) claims.add(c.getMetadata().getName());
            else if (recentlyDeleted(c)) going = Optional.of("ResourceClaim " + c.getMetadata().getName() + " to finish deleting");
        }
        for (Pod p : client.pods().inNamespace(namespace).withLabel(Keys.CLUSTER, cluster).list().getItems()) {
            if (p.getMetadata().getDeletionTimestamp() != null || p.getSpec().getResourceClaims() == null) continue;
            for (PodResourceClaim rc : p.getSpec().getResourceClaims()) {
                if (rc.getResourceClaimName() != null && !claims.contains(rc.getResourceClaimName())) {
                    line("drift", Map.of("cluster", cluster, "pod", p.getMetadata().getName(), "missingClaim", rc.getResourceClaimName(),
                            "action", "pod deleted; the copy is placed again with its claim"));
                    client.pods().inNamespace(namespace).withName(p.getMetadata().getName()).delete();
                    break;
                }
            }
        }
        return going;
    }

    private void event(Desired.Valid d, String owner, String type, String reason, String message) {
        if (!(source instanceof ResourceSpecs r) || d.document() == null) return;
        for (GenericKubernetesResource res : r.resources()) {
            CrdKind k = CrdKind.ofKind(res.getKind()).orElse(null);
            if (k == null || !(k == CrdKind.CAPACITY_PROVIDER || k == CrdKind.ENDPOINT)) continue;
            if (SpecResources.clusterOf(res).equals(d.cluster()) && SpecResources.nameOf(k, res).equals(owner)) {
                status.emit(res, type, reason, message);
            }
        }
    }

    private synchronized void line(String event, Map<String, ?> fields) {
        StringBuilder b = new StringBuilder("{\"ts\":\"").append(Instant.now()).append("\",\"event\":\"").append(event).append('"');
        fields.forEach((k, v) -> {
            b.append(",\"").append(k).append("\":");
            if (v instanceof Number || v instanceof Boolean) b.append(v);
            else b.append('"').append(String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
        });
        log.println(b.append('}'));
        log.flush();
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        queue.close();
        Thread w = worker;
        if (w != null) {
            try {
                w.join(Duration.ofSeconds(20)); // a running apply finishes its loop
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (election != null) election.cancel(true); // releases the Lease
        timer.shutdownNow();
        for (SharedIndexInformer<?> i : informers) i.close();
        source.close();
        metrics.leader(false);
        line("stopped", Map.of("identity", options.identity()));
    }
}
