package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.gib;
import static dev.gpushare.model.dsl.Units.vcpu;

import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.Spec;
import java.util.List;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.Fraction;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;

/**
 * examples/ecs-gpu-tasks/spec.yaml in Java: the ECS GPU task definitions — two whole GPUs on a
 * g5.12xlarge, one GPU on a g4dn.xlarge, and a quarter GPU on a g6f.2xlarge.
 */
public final class EcsGpuTasks {
    private EcsGpuTasks() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("ecs-gpu-tasks");
        CapacityProviderRef a10g = c.capacityProvider("a10g-whole", "g5.12xlarge", 2, cp -> cp.sharing(Sharing.exclusive()));
        CapacityProviderRef t4 = c.capacityProvider("t4-single", "g4dn.xlarge", 3, cp -> cp.sharing(Sharing.exclusive()));
        // a fractional instance type: no sharing strategy, the hardware slice is the sharing
        CapacityProviderRef quarter = c.capacityProvider("l4-quarter", "g6f.2xlarge", 2);

        TaskDefinitionRef trainer = c.taskDefinition("trainer", td -> td.cpu(vcpu(8)).memory(gib(32)),
                GpuShare.container("trainer", "ghcr.io/acme/finetune:3.2", Gpu.whole(2)));
        TaskDefinitionRef detector = c.taskDefinition("detector", td -> td.cpu(vcpu(2)).memory(gib(8)),
                GpuShare.container("detector", "ghcr.io/acme/yolo:8", Gpu.whole(1))
                        .entryPoint("python", "-m", "detector.serve")
                        .env("WEIGHTS", "yolov8m.pt")
                        .healthCheck(HealthCheck.of(List.of("CMD", "python", "-m", "detector.health"))));
        TaskDefinitionRef ocr = c.taskDefinition("ocr", td -> td.cpu(vcpu(4)).memory(gib(16)),
                GpuShare.container("ocr", "ghcr.io/acme/ocr:2.1", Gpu.fraction(Fraction.QUARTER)));

        c.service("trainer", trainer, a10g, 3);
        c.service("detector", detector, t4, 2, s -> s.circuitBreaker(true));
        c.service("ocr", ocr, quarter, 2);
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
