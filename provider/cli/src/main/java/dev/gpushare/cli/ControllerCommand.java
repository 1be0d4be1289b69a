package dev.gpushare.cli;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.KubernetesUrl;
import dev.gpushare.kubernetes.controller.AdmissionWebhook;
import dev.gpushare.kubernetes.controller.Controller;
import dev.gpushare.kubernetes.controller.ControllerOptions;
import dev.gpushare.kubernetes.controller.HealthServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpushare controller}: keeps a kubernetes: backend converged until stopped. See docs/controller.md. */
@Command(name = "controller",
        description = {
                "Keep the clusters of a kubernetes: backend converged without a person: informers on nodes, "
                        + "gpushare's pods, claims and ConfigMaps (and the gpushare.dev/v1 custom resources) wake a "
                        + "coalescing work queue; each reconcile plans from the objects as they are and applies, with "
                        + "backoff on failures and a periodic resync. A copy's pod or claim deleted is made again; an "
                        + "unhealthy instance (NotReady node, failed MIG configuration, non-Ready MPS control daemon) "
                        + "is replaced after --repair-grace, start-before-stop, under the 20 %%/1 rule.",
                "With --spec it follows the spec files; without, the custom resources of the backend's namespace "
                        + "(gpushare render crds installs them), whose status and Events it writes. Replicas elect a "
                        + "leader with a coordination.k8s.io Lease: one acts. One JSON log line per reconcile on stderr. "
                        + "Runs until SIGTERM (stops within seconds). See docs/controller.md."},
        footer = {"  gpushare controller --backend 'kubernetes:?namespace=inference'",
                "  gpushare controller --backend kubernetes: --spec fleet.yaml --repair-grace 90s --metrics-port 9090"},
        exitCodeList = {"0:stopped", "2:usage error (backend URL, durations, port in use, TLS files)", "4:the backend cannot be opened"})
final class ControllerCommand extends GpushareCommand {
    @Option(names = "--backend", paramLabel = "URL", required = true,
            description = "The kubernetes: backend URL (docs/kubernetes.md): kubernetes:[CONTEXT][?namespace=NS&devices=…].")
    private String backend;

    @Option(names = "--spec", paramLabel = "FILE", arity = "1..*",
            description = "Spec files to follow (merged in order); without it, the custom resources of the namespace.")
    private List<Path> specs = List.of();

    @Option(names = "--repair-grace", paramLabel = "DURATION", defaultValue = "2m",
            description = "How long an instance stays unhealthy before it is replaced: 90s, 2m, 1h (default: ${DEFAULT-VALUE}).")
    private String repairGrace;

    @Option(names = "--resync", paramLabel = "DURATION", defaultValue = "5m",
            description = "Reconcile every cluster at least this often, events or not (default: ${DEFAULT-VALUE}).")
    private String resync;

    @Option(names = "--metrics-port", paramLabel = "N", defaultValue = "9090",
            description = "Port of /metrics, /healthz and /readyz (default: ${DEFAULT-VALUE}; 0 picks a free one, -1 none).")
    private int metricsPort;

    @Option(names = "--metrics-bind", paramLabel = "ADDR", defaultValue = "0.0.0.0",
            description = "Address of the metrics port (default: ${DEFAULT-VALUE}).")
    private String metricsBind;

    @Option(names = "--lease-namespace", paramLabel = "NS",
            description = "Namespace of the leader-election Lease (default: the backend's namespace).")
    private String leaseNamespace;

    @Option(names = "--lease-name", paramLabel = "NAME", defaultValue = ControllerOptions.DEFAULT_LEASE_NAME,
            description = "Name of the Lease (default: ${DEFAULT-VALUE}); replicas that share it elect one leader.")
    private String leaseName;

    @Option(names = "--lease-duration", paramLabel = "DURATION", defaultValue = "15s",
            description = "How long a leader's lease lasts unrenewed: the takeover time when it dies (default: ${DEFAULT-VALUE}).")
    private String leaseDuration;

    @Option(names = "--identity", paramLabel = "NAME",
            description = "This replica's name in the Lease (default: $POD_NAME, else the host name and a random suffix).")
    private String identity;

    @Option(names = "--webhook-port", paramLabel = "N", defaultValue = "-1",
            description = "HTTPS port of the admission webhook (default: none; 0 picks a free one); needs --webhook-tls-cert and --webhook-tls-key.")
    private int webhookPort;

    @Option(names = "--webhook-bind", paramLabel = "ADDR", defaultValue = "0.0.0.0",
            description = "Address of the webhook port (default: ${DEFAULT-VALUE}).")
    private String webhookBind;

    @Option(names = "--webhook-tls-cert", paramLabel = "FILE", description = "PEM certificate chain the webhook serves.")
    private Path webhookCert;

    @Option(names = "--webhook-tls-key", paramLabel = "FILE", description = "PEM PKCS#8 private key of --webhook-tls-cert.")
    private Path webhookKey;

    @Override
    public Integer call() throws InterruptedException {
        boolean json = format.jsonElseText("controller");
        if (!KubernetesUrl.accepts(backend)) {
            throw UserError.usage("--backend " + backend + ": the controller runs on a kubernetes: backend (kubernetes:[CONTEXT][?namespace=NS])");
        }
        if (webhookPort >= 0 && (webhookCert == null || webhookKey == null)) {
            throw UserError.usage("--webhook-port needs --webhook-tls-cert and --webhook-tls-key (the API server calls webhooks over HTTPS)");
        }
        Duration grace = duration("--repair-grace", repairGrace), every = duration("--resync", resync), lease = duration("--lease-duration", leaseDuration);
        if (lease.compareTo(Duration.ofSeconds(3)) < 0) throw UserError.usage("--lease-duration " + leaseDuration + ": at least 3s");
        if (every.isZero()) throw UserError.usage("--resync " + resync + ": give a positive duration such as 5m");
        KubernetesBackend b;
        try {
            b = KubernetesBackend.open(KubernetesUrl.parse(backend));
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
        String id = identity != null ? identity : System.getenv("POD_NAME") != null ? System.getenv("POD_NAME")
                : hostName() + "-" + UUID.randomUUID().toString().substring(0, 6);
        ControllerOptions options = new ControllerOptions(specs, grace, every, metricsPort,
                leaseNamespace != null ? leaseNamespace : b.namespace(), leaseName, id, lease, webhookPort, webhookCert, webhookKey);
        PrintStream log = System.err;
        Controller controller = new Controller(b, options, log);
        HealthServer health = null;
        AdmissionWebhook webhook = null;
        try {
            if (metricsPort >= 0) health = new HealthServer(metricsBind, metricsPort, controller.metrics()::text, controller::ready);
            if (webhookPort >= 0) webhook = AdmissionWebhook.start(webhookBind, webhookPort, webhookCert, webhookKey, controller);
        } catch (IOException | IllegalArgumentException e) {
            if (health != null) health.close();
            b.close();
            throw UserError.usage("cannot listen: " + e.getMessage());
        }
        try {
            controller.start();
        } catch (BackendException e) {
            controller.close();
            if (webhook != null) webhook.close();
            if (health != null) health.close();
            b.close();
            throw BackendOption.failed(e);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        HealthServer h = health;
        AdmissionWebhook w = webhook;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            controller.close();
            if (w != null) w.close();
            if (h != null) h.close();
            b.close();
            stopped.countDown();
        }, "gpushare-controller-stop"));
        // scripts and tests wait for this line (and read the ports from it)
        int mp = h == null ? -1 : h.port(), wp = w == null ? -1 : w.port();
        command.commandLine().getOut().println(json
                ? "{\"controller\":\"" + id + "\",\"metricsPort\":" + mp + ",\"webhookPort\":" + wp + "}"
                : "gpushare controller: " + id + " running" + (mp < 0 ? "" : ", metrics on port " + mp)
                        + (wp < 0 ? "" : ", webhook on port " + wp) + " (one JSON line per reconcile on stderr)");
        command.commandLine().getOut().flush();
        stopped.await();
        return ExitCodes.OK;
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "gpushare-controller";
        }
    }

    /** 90s, 2m, 1h30m, 500ms, or ISO-8601 (PT90S). */
    static Duration duration(String option, String text) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.startsWith("pt") || t.startsWith("p")) return Duration.parse(t.toUpperCase(java.util.Locale.ROOT));
            return Duration.parse("PT" + t.toUpperCase(java.util.Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw UserError.usage(option + " " + text + ": write a duration such as 90s, 2m or 1h30m");
        }
    }
}
