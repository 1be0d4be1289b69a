package dev.gpushare.kubernetes.controller;

import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.KubernetesUrl;
import io.fabric8.kubernetes.client.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A controller as its own process, for the leader-election test (what {@code gpushare controller}
 * runs, without the CLI module): {@code KUBECONFIG NAMESPACE IDENTITY LEASE_SECONDS SPEC...}.
 * Stops on SIGTERM; a SIGKILL leaves its Lease to expire. The repair grace and the resync are 30 s,
 * or the system properties {@code gpushare.test.repairGraceSeconds} and {@code gpushare.test.resyncSeconds}.
 */
public final class ControllerMain {
    private ControllerMain() {}

    public static void main(String[] args) throws Exception {
        Config config = Config.fromKubeconfig(Files.readString(Path.of(args[0])));
        String ns = args[1];
        List<Path> specs = new ArrayList<>();
        for (int i = 4; i < args.length; i++) specs.add(Path.of(args[i]));
        KubernetesBackend backend = KubernetesBackend.open(config, new KubernetesUrl(null, ns, DeviceMode.DRA, KubernetesUrl.DEFAULT_COMPONENT_IMAGE));
        Duration grace = Duration.ofSeconds(Long.getLong("gpushare.test.repairGraceSeconds", 30));
        Duration resync = Duration.ofSeconds(Long.getLong("gpushare.test.resyncSeconds", 30));
        Controller c = new Controller(backend, new ControllerOptions(specs, grace, resync, -1, ns,
                "gpushare-controller", args[2], Duration.ofSeconds(Long.parseLong(args[3])), -1, null, null), System.out);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            c.close();
            backend.close();
            stopped.countDown();
        }));
        c.start();
        stopped.await();
    }
}
