package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.InstanceSupply;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.GoldenFiles;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One golden message per {@link PlacementCode}: for each code, the smallest spec (and current
 * fleet) that yields it, and the first unplaced copy's code and message as {@code place} prints
 * them. A new code without a case here fails the test. Specs of invalid capacity (unknown
 * references, MIG on an L4, MPS on a MIG provider) go to the solver unvalidated: it still answers
 * with a code, as it does for a caller that skips validation.
 */
class PlacementMessagesGoldenTest {
    private static final String HEAD = "apiVersion: gpushare.dev/v1\ncluster: codes\n";
    /** g6.12xlarge: 4 × L4 (22,563 MiB usable), 48 vCPU = 49,152 CPU units. */
    private static final String L4_MPS = "capacityProviders:\n"
            + "  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1, gpuSharing: {strategy: MPS%s}}\n";

    private static String mpsTask(String family, int memory, String host) {
        return "  - family: " + family + host + "\n    containers:\n"
                + "      - {name: model, image: x:1, gpu: {nvidiaMps: {memory: " + memory + ", maxComputePercent: 10}}}\n";
    }

    private static String service(String name, String td, String cp, int count) {
        return "  - {name: " + name + ", taskDefinition: " + td + ", capacityProvider: " + cp + ", desiredCount: " + count + "}\n";
    }

    private static Map<PlacementCode, Unplaced> cases() {
        Map<PlacementCode, Unplaced> out = new EnumMap<>(PlacementCode.class);
        // a new image for 16 copies of 5,470 MiB that fill the one g6.12xlarge 97 % (4 per L4: 683 MiB
        // free each), minimumHealthyPercent 100: no copy fits next to its old one, none may stop first
        String full = HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("full", 5_470, "") + "services:\n"
                + service("full", "full", "l4", 16);
        FleetState running = Specs.place(Specs.yaml(full));
        put(out, Planner.plan(ResolvedSpec.of(Specs.yaml(full.replace("image: x:1", "image: x:2"))), new Snapshot(running, 1, Map.of()))
                .desired().unplaced().getFirst());
        // the same new image, whose last rollout the circuit breaker stopped at wave 2 of 4 and rolled back
        Spec x2 = Specs.yaml(full.replace("image: x:1", "image: x:2"));
        var stopped = new dev.gpushare.engine.state.RolloutRecord("full", List.of(Revision.of(Specs.yaml(full).taskDefinitions().getFirst()).value()),
                Revision.of(x2.taskDefinitions().getFirst()).value(), 2, 4, dev.gpushare.engine.state.RolloutRecord.Phase.ROLLED_BACK,
                "circuit breaker: 8 new copies not ready within 30 s (threshold 8 = ½ × desiredCount 16, at least 3, at most 200)");
        put(out, Planner.plan(ResolvedSpec.of(x2), new Snapshot(running, 1, Map.of(), null, List.of(stopped))).desired().unplaced().getFirst());
        // 30,000 MiB on one GPU; an L4 has 22,563
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("huge", 30_000, "")
                + "services:\n" + service("huge", "huge", "l4", 1)));
        // 8 whole GPUs on one instance; a g6.12xlarge has 4
        put(out, place(HEAD + "capacityProviders:\n  - {name: l4, instanceType: g6.12xlarge, maxInstances: 2,"
                + " gpuSharing: {strategy: EXCLUSIVE}}\ntaskDefinitions:\n  - family: many\n    containers:\n"
                + "      - {name: model, image: x:1, gpu: 8}\nservices:\n" + service("many", "many", "l4", 1)));
        // cpu 65,536 units; the instance has 49,152
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("wide", 1_000, "\n    cpu: 65536")
                + "services:\n" + service("wide", "wide", "l4", 1)));
        // host memory 1,048,576 MiB; the instance has 196,608
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("fat", 1_000, "\n    memory: 1048576")
                + "services:\n" + service("fat", "fat", "l4", 1)));
        // 5 × 20,000 MiB on one instance of 4 GPUs: the fifth has no room and maxInstances is 1
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("big", 20_000, "")
                + "services:\n" + service("big", "big", "l4", 5)));
        // 1 MPS client per GPU, 4 GPUs, 5 copies
        put(out, place(HEAD + L4_MPS.formatted(", maxClientsPerGpu: 1") + "taskDefinitions:\n" + mpsTask("small", 1_000, "")
                + "services:\n" + service("small", "small", "l4", 5)));
        // one endpoint instance (8 × A100-40GB), one 3g.20gb per GPU: 8 partitions, 9 copies
        put(out, place(HEAD + "endpoints:\n  - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1,"
                + " partitionLayout: [3g.20gb]}\ninferenceComponents:\n  - {name: chat, endpoint: ep, model: m,"
                + " partitionType: 3g.20gb, copyCount: 9}\n"));
        // one endpoint instance of 8 whole GPUs, 9 copies
        put(out, place(HEAD + "endpoints:\n  - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1}\n"
                + "inferenceComponents:\n  - {name: chat, endpoint: ep, model: m, copyCount: 9}\n"));
        // time-slicing, 2 replicas per GPU of a 4-GPU g6.12xlarge: 3 containers each want a replica on
        // all 4 GPUs; the first two take all 8 replicas, the third finds none even on an empty instance
        put(out, place(HEAD + "capacityProviders:\n  - {name: ts, instanceType: g6.12xlarge, maxInstances: 2,"
                + " gpuSharing: {strategy: TIME_SLICING, replicas: 2}}\ntaskDefinitions:\n  - family: three\n    containers:\n"
                + "      - {name: a, image: x:1, gpu: 4}\n      - {name: b, image: x:1, gpu: 4}\n"
                + "      - {name: c, image: x:1, gpu: 4}\nservices:\n" + service("three", "three", "ts", 1)));
        // nvidiaMps on a MIG provider (validation refuses the spec; the solver says why too)
        put(out, place(HEAD + "capacityProviders:\n  - {name: a100, instanceType: p4d.24xlarge, maxInstances: 1,"
                + " gpuSharing: {strategy: MIG, partitionLayout: [3g.20gb]}}\ntaskDefinitions:\n" + mpsTask("mps", 1_000, "")
                + "services:\n" + service("mps", "mps", "a100", 1)));
        // a task definition without a GPU container
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n  - family: cpu\n    containers:\n"
                + "      - {name: web, image: x:1}\nservices:\n" + service("cpu", "cpu", "l4", 1)));
        // a service naming a capacity provider that does not exist
        put(out, place(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("lost", 1_000, "")
                + "services:\n" + service("lost", "lost", "nowhere", 1)));
        // MIG on an L4, which has none
        put(out, place(HEAD + "capacityProviders:\n  - {name: l4mig, instanceType: g6.12xlarge, maxInstances: 1,"
                + " gpuSharing: {strategy: MIG, partitionLayout: [3g.20gb]}}\ntaskDefinitions:\n  - family: p\n    containers:\n"
                + "      - {name: model, image: x:1, gpu: {partition: 3g.20gb}}\nservices:\n" + service("p", "p", "l4mig", 1)));
        put(out, noFreeNode());
        put(out, noHealthyInstance());
        return out;
    }

    /** A backend with no free g6.12xlarge (Kubernetes without a spare node): the plan cannot add one. */
    private static Unplaced noFreeNode() {
        Spec spec = Specs.yaml(HEAD + L4_MPS.formatted("") + "taskDefinitions:\n" + mpsTask("e", 4_096, "")
                + "services:\n" + service("e", "e", "l4", 2));
        Snapshot empty = new Snapshot(FleetState.empty("codes"), 0, Map.of(),
                new InstanceSupply(Map.of(), "add %d node(s) of type %s"));
        return Planner.plan(ResolvedSpec.of(spec), empty).desired().unplaced().getFirst();
    }

    /**
     * The pool's only instance (maxInstances 1) is unhealthy and not being replaced this plan: it
     * keeps its 2 copies, takes no new one, and the pool may not launch a second.
     */
    private static Unplaced noHealthyInstance() {
        String tds = "taskDefinitions:\n" + mpsTask("e", 4_096, "") + "services:\n";
        Spec two = Specs.yaml(HEAD + L4_MPS.formatted("") + tds + service("e", "e", "l4", 2));
        FleetState running = Specs.place(two);
        List<Instance> sick = new ArrayList<>();
        for (Instance i : running.instances()) {
            sick.add(new Instance(i.id(), i.owner(), i.instanceType(), false, "mps-daemon-unresponsive", i.gpus()));
        }
        Spec three = Specs.yaml(HEAD + L4_MPS.formatted("") + tds + service("e", "e", "l4", 3));
        FleetState s = Placer.place(ResolvedSpec.of(three), new FleetState("codes", sick, List.of()), Set.of());
        assertThat(s.instances()).singleElement().satisfies(i -> assertThat(i.healthy()).isFalse());
        return s.unplaced().getFirst();
    }

    private static Unplaced place(String yaml) {
        FleetState s = Specs.place(Specs.yaml(yaml));
        assertThat(s.unplaced()).as(yaml).isNotEmpty();
        return s.unplaced().getFirst();
    }

    private static void put(Map<PlacementCode, Unplaced> out, Unplaced u) {
        assertThat(out).as("two cases give %s", u.code()).doesNotContainKey(u.code());
        out.put(u.code(), u);
    }

    @Test
    void everyPlacementCodeHasAGoldenMessage() {
        Map<PlacementCode, Unplaced> cases = cases();
        assertThat(cases.keySet()).containsExactlyInAnyOrder(PlacementCode.values());
        StringBuilder text = new StringBuilder();
        for (Unplaced u : cases.values()) text.append(u.code()).append("  ").append(u.task()).append("  ").append(u.message()).append('\n');
        GoldenFiles.assertMatches("placement/messages.txt", text.toString());
    }
}
