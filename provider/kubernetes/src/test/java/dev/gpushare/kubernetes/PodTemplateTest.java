package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Probe;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a container runs reaches the pod a copy runs in (render and backend build pods in one place,
 * CopyPods): ECS's entryPoint/command are Kubernetes' command/args, the environment comes before the
 * allocation's, and the health check is the readiness probe a rollout's wave waits for. No cluster.
 */
class PodTemplateTest {
    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: c
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 1}
            taskDefinitions:
              - family: embedder
                memory: 2048
                containers:
                  - name: model
                    image: ghcr.io/acme/embedder:2
                    gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}
                    entryPoint: [python, -m, serve]
                    command: ["--port", "8080"]
                    environment: [{name: MODEL_ID, value: bge-small}, {name: DTYPE, value: float16}]
                    healthCheck:
                      command: [CMD-SHELL, "curl -f http://localhost:8080/health || exit 1"]
                      interval: 10
                      startPeriod: 60
                  - name: proxy
                    image: envoy:1.31
                    healthCheck: {command: [CMD, /usr/bin/check, --ready]}
                  - name: plain
                    image: busybox
            services:
              - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 1}
            """;

    private static Pod pod() {
        ValidationReport r = SpecValidator.validateText("spec.yaml", SPEC);
        assertThat(r.problems()).isEmpty();
        var rendering = KubernetesManifests.render(r.spec(), Pipeline.place(r.resolved()), DeviceMode.DRA, "default", "pause");
        return rendering.objects().stream().filter(Pod.class::isInstance).map(Pod.class::cast).findFirst().orElseThrow();
    }

    @Test
    void entryPointCommandAndEnvironmentAreTheContainersCommandArgsAndEnv() {
        Container model = pod().getSpec().getContainers().get(0);
        assertThat(model.getCommand()).containsExactly("python", "-m", "serve");
        assertThat(model.getArgs()).containsExactly("--port", "8080");
        // the spec's variables in their order, then the allocation's MPS limits (NVIDIA_VISIBLE_DEVICES is the claim's)
        assertThat(model.getEnv()).extracting(EnvVar::getName).containsExactly(
                "MODEL_ID", "DTYPE", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT");
        assertThat(model.getEnv().get(0).getValue()).isEqualTo("bge-small");
    }

    @Test
    void theHealthCheckIsTheReadinessProbeWithEcsDefaultsFilledIn() {
        List<Container> cs = pod().getSpec().getContainers();
        Probe model = cs.get(0).getReadinessProbe();
        // CMD-SHELL runs through the shell; interval 10 → periodSeconds, timeout (default 5), retries (default 3),
        // startPeriod 60 → initialDelaySeconds
        assertThat(model.getExec().getCommand()).containsExactly("/bin/sh", "-c", "curl -f http://localhost:8080/health || exit 1");
        assertThat(List.of(model.getPeriodSeconds(), model.getTimeoutSeconds(), model.getFailureThreshold(), model.getInitialDelaySeconds()))
                .containsExactly(10, 5, 3, 60);
        Probe proxy = cs.get(1).getReadinessProbe();
        // CMD runs the program itself; every number ECS's default (30, 5, 3, 0)
        assertThat(proxy.getExec().getCommand()).containsExactly("/usr/bin/check", "--ready");
        assertThat(List.of(proxy.getPeriodSeconds(), proxy.getTimeoutSeconds(), proxy.getFailureThreshold(), proxy.getInitialDelaySeconds()))
                .containsExactly(30, 5, 3, 0);
        // a container without them is as before: no probe, command, args or env
        Container plain = cs.get(2);
        assertThat(plain.getReadinessProbe()).isNull();
        assertThat(plain.getCommand()).isEmpty();
        assertThat(plain.getArgs()).isEmpty();
        assertThat(plain.getEnv()).isEmpty();
    }
}
