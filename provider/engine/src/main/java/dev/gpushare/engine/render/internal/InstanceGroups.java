package dev.gpushare.engine.render.internal;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups instances that would be drawn the same: same type and owner, and every GPU in the same
 * mode with the same partitions and the same allocations up to the copy number (copy 3 and copy 7
 * of one service look alike). Unhealthy instances are never grouped, so their reason stays visible.
 */
public final class InstanceGroups {
    private InstanceGroups() {}

    /** One drawn box: {@code members} in fleet order, drawn once from the first. */
    public record Group(List<Instance> members) {
        public Group {
            members = List.copyOf(members);
        }

        public Instance first() {
            return members.get(0);
        }

        public int count() {
            return members.size();
        }
    }

    /** The groups, ordered by their first member's position in the fleet. */
    public static List<Group> of(List<Instance> instances) {
        Map<Object, List<Instance>> byPattern = new LinkedHashMap<>();
        for (int i = 0; i < instances.size(); i++) {
            Instance inst = instances.get(i);
            Object key = inst.healthy() ? pattern(inst) : List.of("unhealthy", i);
            byPattern.computeIfAbsent(key, k -> new ArrayList<>()).add(inst);
        }
        return byPattern.values().stream().map(Group::new).toList();
    }

    /** What the picture shows of an instance, without its id and copy numbers. */
    static List<Object> pattern(Instance inst) {
        List<Object> key = new ArrayList<>();
        key.add(inst.instanceType());
        key.add(inst.owner());
        for (Gpu g : inst.gpus()) {
            key.add(List.of(g.model(), g.memoryMiB(), g.mode(), String.valueOf(g.fraction()), g.partitions()));
            List<Object> allocs = new ArrayList<>();
            for (Allocation a : g.allocations()) {
                allocs.add(java.util.Arrays.asList(Palette.owner(a.task()), a.container(), a.memoryMiB(),
                        a.maxComputePercent(), a.partition()));
            }
            key.add(allocs);
        }
        return key;
    }
}
