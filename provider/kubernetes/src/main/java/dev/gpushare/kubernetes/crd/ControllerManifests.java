package dev.gpushare.kubernetes.crd;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What runs the controller in a cluster ({@code gpushare render controller}): its ServiceAccount,
 * least-privilege RBAC (what the {@code kubernetes:} backend needs, plus the informers, the
 * leader-election Lease, Events and the custom resources' status), a Deployment of two replicas
 * (one leads), a PodDisruptionBudget keeping one, and the Service of its metrics and webhook ports.
 *
 * @param namespace      where the controller runs
 * @param workNamespace  where the cluster's pods, claims, ConfigMaps and custom resources live
 * @param image          the gpushare image (its entry point is the gpushare command)
 */
public record ControllerManifests(String namespace, String workNamespace, String image) {
    public static final String NAME = "gpushare-controller";
    public static final int METRICS_PORT = 9090;
    public static final int WEBHOOK_PORT = 9443;
    public static final String WEBHOOK_SECRET = "gpushare-webhook-tls";

    public List<HasMetadata> objects() {
        // sorted, so that the rendered manifests are the same bytes on every run (Map.of's order changes per JVM)
        Map<String, String> labels = new TreeMap<>(Map.of("app.kubernetes.io/name", NAME, "app.kubernetes.io/part-of", "gpushare"));
        List<HasMetadata> out = new ArrayList<>();
        out.add(new ServiceAccountBuilder().withNewMetadata().withName(NAME).withNamespace(namespace).withLabels(labels).endMetadata().build());
        // cluster-wide: nodes are claimed by label; MPS control daemons are read in any namespace
        out.add(new ClusterRoleBuilder().withNewMetadata().withName(NAME).withLabels(labels).endMetadata().withRules(
                rule("", List.of("nodes"), "get", "list", "watch", "patch"),
                rule("", List.of("pods"), "get", "list", "watch"),
                rule("resource.k8s.io", List.of("resourceslices"), "get", "list", "watch")).build());
        out.add(new ClusterRoleBindingBuilder().withNewMetadata().withName(NAME).withLabels(labels).endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", NAME)
                .addNewSubject().withKind("ServiceAccount").withName(NAME).withNamespace(namespace).endSubject().build());
        List<String> plurals = CrdKind.ALL.stream().map(CrdKind::plural).toList();
        List<String> statuses = plurals.stream().map(p -> p + "/status").toList();
        out.add(new RoleBuilder().withNewMetadata().withName(NAME).withNamespace(workNamespace).withLabels(labels).endMetadata().withRules(
                rule("", List.of("pods", "configmaps"), "get", "list", "watch", "create", "update", "patch", "delete"),
                rule("resource.k8s.io", List.of("resourceclaims"), "get", "list", "watch", "create", "update", "patch", "delete"),
                rule(CrdKind.GROUP, plurals, "get", "list", "watch"),
                rule(CrdKind.GROUP, statuses, "get", "update", "patch"),
                rule("", List.of("events"), "create", "patch"),
                rule("events.k8s.io", List.of("events"), "create", "patch")).build());
        out.add(new RoleBindingBuilder().withNewMetadata().withName(NAME).withNamespace(workNamespace).withLabels(labels).endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", NAME)
                .addNewSubject().withKind("ServiceAccount").withName(NAME).withNamespace(namespace).endSubject().build());
        out.add(new RoleBuilder().withNewMetadata().withName(NAME + "-lease").withNamespace(namespace).withLabels(labels).endMetadata().withRules(
                rule("coordination.k8s.io", List.of("leases"), "get", "create", "update")).build());
        out.add(new RoleBindingBuilder().withNewMetadata().withName(NAME + "-lease").withNamespace(namespace).withLabels(labels).endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", NAME + "-lease")
                .addNewSubject().withKind("ServiceAccount").withName(NAME).withNamespace(namespace).endSubject().build());
        out.add(new DeploymentBuilder().withNewMetadata().withName(NAME).withNamespace(namespace).withLabels(labels).endMetadata()
                .withNewSpec().withReplicas(2).withNewSelector().withMatchLabels(labels).endSelector()
                .withNewTemplate().withNewMetadata().withLabels(labels).endMetadata().withNewSpec()
                .withServiceAccountName(NAME)
                .withTerminationGracePeriodSeconds(30L)
                .addNewContainer().withName("controller").withImage(image)
                .withArgs("controller", "--backend", "kubernetes:?namespace=" + workNamespace,
                        "--metrics-port", Integer.toString(METRICS_PORT),
                        "--webhook-port", Integer.toString(WEBHOOK_PORT),
                        "--webhook-tls-cert", "/etc/gpushare/webhook/tls.crt", "--webhook-tls-key", "/etc/gpushare/webhook/tls.key",
                        "--lease-namespace", namespace)
                .addNewEnv().withName("POD_NAME").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.name").endFieldRef().endValueFrom().endEnv()
                .addNewPort().withName("metrics").withContainerPort(METRICS_PORT).endPort()
                .addNewPort().withName("webhook").withContainerPort(WEBHOOK_PORT).endPort()
                .withNewLivenessProbe().withNewHttpGet().withPath("/healthz").withPort(new IntOrString("metrics")).endHttpGet()
                .withPeriodSeconds(10).endLivenessProbe()
                .withNewReadinessProbe().withNewHttpGet().withPath("/readyz").withPort(new IntOrString("metrics")).endHttpGet()
                .withPeriodSeconds(5).endReadinessProbe()
                .withNewResources().addToRequests("cpu", new Quantity("100m")).addToRequests("memory", new Quantity("384Mi"))
                .addToLimits("memory", new Quantity("1Gi")).endResources()
                .withNewSecurityContext().withRunAsNonRoot(true).withAllowPrivilegeEscalation(false).withReadOnlyRootFilesystem(true)
                .withNewCapabilities().withDrop("ALL").endCapabilities().endSecurityContext()
                .addNewVolumeMount().withName("webhook-tls").withMountPath("/etc/gpushare/webhook").withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
                .endContainer()
                .addNewVolume().withName("webhook-tls").withNewSecret().withSecretName(WEBHOOK_SECRET).endSecret().endVolume()
                .addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume()
                .endSpec().endTemplate().endSpec().build());
        out.add(new PodDisruptionBudgetBuilder().withNewMetadata().withName(NAME).withNamespace(namespace).withLabels(labels).endMetadata()
                .withNewSpec().withMinAvailable(new IntOrString(1)).withNewSelector().withMatchLabels(labels).endSelector().endSpec().build());
        out.add(new ServiceBuilder().withNewMetadata().withName(NAME).withNamespace(namespace).withLabels(labels).endMetadata()
                .withNewSpec().withSelector(labels)
                .addNewPort().withName("metrics").withPort(METRICS_PORT).withTargetPort(new IntOrString("metrics")).endPort()
                .addNewPort().withName("webhook").withPort(443).withTargetPort(new IntOrString("webhook")).endPort()
                .endSpec().build());
        return out;
    }

    private static PolicyRule rule(String group, List<String> resources, String... verbs) {
        return new PolicyRuleBuilder().withApiGroups(group).withResources(resources).withVerbs(verbs).build();
    }
}
