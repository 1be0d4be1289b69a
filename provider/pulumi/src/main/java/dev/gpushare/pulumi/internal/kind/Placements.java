package dev.gpushare.pulumi.internal.kind;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.pulumi.internal.Wire;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * The placement outputs read from a fleet state, as values (records the wire mapper turns into
 * trees): an owner's instances, a service's or component's copies, and the copies that did not fit.
 */
public final class Placements {
    private Placements() {}

    /** One instance: id, type, health and its GPUs. */
    public record InstanceOutput(String id, String instanceType, boolean healthy, List<GpuOutput> gpus) {}

    /** One GPU: index, model, usable memory (MiB) and its MIG instances as {@code profile@start}. */
    public record GpuOutput(int index, String model, long memoryMiB, List<String> partitions) {}

    /**
     * One copy ({@code NAME/N}), where it runs and what it runs.
     *
     * @param revision what the copy runs ({@link dev.gpushare.engine.state.Revision}, as status shows it);
     *                 absent for a copy stored before revisions were recorded
     */
    public record CopyOutput(String copy, String instanceId, String revision, List<ContainerOutput> containers) {}

    /**
     * One container of a copy on one GPU.
     *
     * @param memoryMiB         MPS memory reserved, MiB; absent otherwise
     * @param maxComputePercent MPS compute limit, percent; absent when none
     * @param partition         MIG instance used, {@code profile@start}; absent otherwise
     * @param env               environment the container must be started with
     */
    public record ContainerOutput(String container, int gpu, Long memoryMiB, Integer maxComputePercent,
                                  String partition, Map<String, String> env) {}

    /** A copy that did not fit: its stable code and the message with the numbers. */
    public record UnplacedOutput(String copy, String code, String message) {}

    public static JsonNode instances(FleetState state, Predicate<Instance> mine) {
        List<InstanceOutput> out = new ArrayList<>();
        for (Instance i : state.instances()) {
            if (!mine.test(i)) continue;
            List<GpuOutput> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<String> parts = new ArrayList<>();
                for (MigPartition p : g.partitions()) parts.add(p.profile() + "@" + p.start());
                gpus.add(new GpuOutput(g.index(), g.model(), g.memoryMiB(), parts));
            }
            out.add(new InstanceOutput(i.id().toString(), i.instanceType(), i.healthy(), gpus));
        }
        return Wire.JSON.valueToTree(out);
    }

    /** The copies of service or component {@code name}, in {@link TaskId}'s order ({@code svc/2} before {@code svc/10}). */
    public static JsonNode copies(FleetState state, String name) {
        Map<TaskId, InstanceId> instanceOf = new TreeMap<>();
        Map<TaskId, Revision> revisionOf = new HashMap<>();
        Map<TaskId, List<ContainerOutput>> containers = new LinkedHashMap<>();
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    if (!a.task().group().equals(name)) continue;
                    instanceOf.putIfAbsent(a.task(), i.id());
                    if (a.revision() != null) revisionOf.putIfAbsent(a.task(), a.revision());
                    containers.computeIfAbsent(a.task(), t -> new ArrayList<>()).add(new ContainerOutput(a.container(), g.index(),
                            a.memoryMiB(), a.maxComputePercent(),
                            a.partition() == null ? null : a.partition().profile() + "@" + a.partition().start(), a.env()));
                }
            }
        }
        List<CopyOutput> out = new ArrayList<>();
        instanceOf.forEach((task, instance) -> {
            Revision r = revisionOf.get(task);
            out.add(new CopyOutput(task.toString(), instance.toString(), r == null ? null : r.value(), containers.get(task)));
        });
        return Wire.JSON.valueToTree(out);
    }

    public static JsonNode unplaced(FleetState state, String name) {
        List<UnplacedOutput> out = new ArrayList<>();
        for (Unplaced u : state.unplaced()) {
            if (u.task().group().equals(name)) out.add(new UnplacedOutput(u.task().toString(), u.code().name(), u.message()));
        }
        return Wire.JSON.valueToTree(out);
    }
}
