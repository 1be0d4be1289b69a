package dev.gpushare.kubernetes.controller;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How {@code gpushare controller} runs.
 *
 * @param specFiles      the spec files to follow; empty: the custom resources of the namespace
 * @param repairGrace    how long an instance stays unhealthy before it is replaced
 * @param resync         the periodic full reconcile of every cluster (besides events)
 * @param metricsPort    the port of /metrics, /healthz and /readyz (0: a free one; -1: none)
 * @param leaseNamespace where the leader-election Lease lives
 * @param leaseName      the Lease's name
 * @param identity       this replica's name in the Lease (the pod's name)
 * @param leaseDuration  how long a leader's lease lasts without renewal (the takeover time)
 * @param webhookPort    the HTTPS port of the admission webhook (-1: none)
 * @param webhookCert    PEM certificate chain of the webhook
 * @param webhookKey     PEM PKCS#8 key of the webhook
 */
public record ControllerOptions(List<Path> specFiles, Duration repairGrace, Duration resync, int metricsPort,
                                String leaseNamespace, String leaseName, String identity, Duration leaseDuration,
                                int webhookPort, Path webhookCert, Path webhookKey) {
    public static final Duration DEFAULT_REPAIR_GRACE = Duration.ofMinutes(2);
    public static final Duration DEFAULT_RESYNC = Duration.ofMinutes(5);
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(15);
    public static final String DEFAULT_LEASE_NAME = "gpushare-controller";

    public ControllerOptions {
        specFiles = List.copyOf(specFiles);
        if (leaseDuration.compareTo(Duration.ofSeconds(3)) < 0) throw new IllegalArgumentException("the lease lasts at least 3 s");
    }

    /** The lease's renew deadline: two thirds of its duration (as kube-controller-manager's 10 s of 15 s). */
    public Duration renewDeadline() {
        return leaseDuration.multipliedBy(2).dividedBy(3);
    }

    /** How often candidates try to take or renew the lease. */
    public Duration retryPeriod() {
        return leaseDuration.dividedBy(6).compareTo(Duration.ofMillis(500)) < 0 ? Duration.ofMillis(500) : leaseDuration.dividedBy(6);
    }
}
