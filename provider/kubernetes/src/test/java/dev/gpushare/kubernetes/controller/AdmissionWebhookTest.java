package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.CustomResourceDefinitions;
import dev.gpushare.kubernetes.testing.Crds;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.Kubectl;
import dev.gpushare.kubernetes.testing.SelfSignedCert;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admission webhook on the real API server: registered with a self-signed certificate made
 * here (the API server calls it on loopback over TLS), it refuses a MIG layout that does not fit
 * with the code gpushare validate gives, and lets a good resource through.
 */
class AdmissionWebhookTest {
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("hook-" + UUID.randomUUID().toString().substring(0, 8));

    private List<GenericKubernetesResource> resources() {
        List<GenericKubernetesResource> out = new ArrayList<>();
        for (CrdKind kind : CrdKind.ALL) out.addAll(k.admin().genericKubernetesResources(ResourceSpecs.context(kind)).inNamespace(ns).list().getItems());
        return out;
    }

    private static String provider(String ns, String layout) {
        return """
                apiVersion: gpushare.dev/v1
                kind: GpuCapacityProvider
                metadata: {name: a100-mig, namespace: %s, labels: {gpushare.dev/cluster: vision}}
                spec: {instanceType: p4d.24xlarge, gpuSharing: {strategy: MIG, partitionLayout: %s}}
                """.formatted(ns, layout);
    }

    @Test
    void kubectlApplyOfAMigLayoutThatDoesNotFitIsRefusedWithTheCode(@TempDir Path dir) throws Exception {
        Crds.install(k.admin());
        SelfSignedCert cert = SelfSignedCert.make(dir);
        String name = "gpushare-validate-" + ns;
        try (AdmissionWebhook hook = AdmissionWebhook.start("127.0.0.1", 0, cert.certPem(), cert.keyPem(), this::resources)) {
            k.admin().admissionRegistration().v1().validatingWebhookConfigurations().resource(CustomResourceDefinitions.webhookAt(
                    "https://127.0.0.1:" + hook.port() + CustomResourceDefinitions.WEBHOOK_PATH, cert.caBundleBase64(), name, ns)).create();
            try {
                Kubectl.Result good = Kubectl.run(k, provider(ns, "[\"4g.20gb\", \"3g.20gb\"]"), "apply", "-f", "-");
                assertThat(good.exit()).as(good.out()).isZero();
                // 4g + 4g need 8 of an A100's 7 compute slices: refused by the webhook, with the code (the API server
                // picks the configuration up within a moment: until it does, the bad layout goes through and is put back)
                long t0 = System.nanoTime();
                Kubectl.Result bad;
                while (true) {
                    bad = Kubectl.run(k, provider(ns, "[\"4g.20gb\", \"4g.20gb\"]"), "apply", "-f", "-");
                    if (bad.exit() != 0 || System.nanoTime() - t0 > 30_000_000_000L) break;
                    Kubectl.run(k, provider(ns, "[\"4g.20gb\", \"3g.20gb\"]"), "apply", "-f", "-").ok();
                    Thread.sleep(500);
                }
                System.out.println("kubectl apply of a layout that does not fit:\n" + bad.out());
                assertThat(bad.exit()).isNotZero();
                assertThat(bad.out()).contains("admission webhook \"" + CustomResourceDefinitions.WEBHOOK_NAME + "\" denied the request")
                        .contains("MIG_").contains("/spec/gpuSharing/partitionLayout");
                // the good version is still what the API server has
                assertThat(Kubectl.run(k, null, "get", "gpucp", "a100-mig", "-n", ns, "-o", "jsonpath={.spec.gpuSharing.partitionLayout}")
                        .ok().out()).contains("3g.20gb");
            } finally {
                k.admin().admissionRegistration().v1().validatingWebhookConfigurations().withName(name).delete();
            }
        }
    }
}
