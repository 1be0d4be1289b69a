package dev.gpushare.kubernetes.testing;

import dev.gpushare.kubernetes.crd.CustomResourceDefinitions;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;

/** Installs gpushare's CustomResourceDefinitions (once per cluster; idempotent) and waits until they are served. */
public final class Crds {
    private Crds() {}

    public static synchronized void install(KubernetesClient admin) {
        for (CustomResourceDefinition crd : CustomResourceDefinitions.all()) {
            admin.apiextensions().v1().customResourceDefinitions().resource(crd).fieldManager("gpushare-test").forceConflicts().serverSideApply();
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (CustomResourceDefinition crd : CustomResourceDefinitions.all()) {
            while (true) {
                CustomResourceDefinition now = admin.apiextensions().v1().customResourceDefinitions().withName(crd.getMetadata().getName()).get();
                boolean established = now != null && now.getStatus() != null && now.getStatus().getConditions() != null
                        && now.getStatus().getConditions().stream().anyMatch(c -> c.getType().equals("Established") && c.getStatus().equals("True"));
                if (established) break;
                if (System.nanoTime() > deadline) throw new AssertionError(crd.getMetadata().getName() + " not established within 60 s");
                KubeCluster.sleep(200);
            }
        }
    }
}
