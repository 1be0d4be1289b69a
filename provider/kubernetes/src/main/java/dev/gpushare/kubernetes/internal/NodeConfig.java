package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.model.GpuSharing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's GPU configuration in the GPU Operator's terms: the mig-parted entry that realises its MIG
 * layout (label {@code nvidia.com/mig.config}) and the device-plugin config entry for its sharing
 * (label {@code nvidia.com/device-plugin.config}). Entries are named by their content, so nodes
 * with the same layout share one.
 *
 * @param migEntryName        the mig-parted entry's name, or {@code null} when no GPU is in MIG mode
 * @param migEntry            the entry: a list of device groups, as mig-parted reads it
 * @param pluginEntryName     the device-plugin config's name, or {@code null} when none is needed
 * @param pluginEntry         the config document (version v1)
 */
public record NodeConfig(String migEntryName, List<Map<String, Object>> migEntry,
                         String pluginEntryName, Map<String, Object> pluginEntry) {

    /** MPS's own limit of client processes per GPU; the device plugin's replicas when none is declared. */
    static final int MPS_MAX_CLIENTS = 48;

    public static NodeConfig of(List<Gpu> gpus, GpuSharing sharing, DeviceMode mode) {
        // --- mig-parted: GPUs with the same profile counts in one group, in index order
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> countsOf = new LinkedHashMap<>();
        boolean anyMig = false;
        for (Gpu g : gpus) {
            Map<String, Integer> counts = new TreeMap<>();
            if (g.mode() == GpuMode.MIG) {
                anyMig = true;
                for (MigPartition p : g.partitions()) counts.merge(p.profile(), 1, Integer::sum);
            }
            String key = g.mode() == GpuMode.MIG ? counts.toString() : "disabled";
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(g.index());
            countsOf.put(key, counts);
        }
        String migName = null;
        List<Map<String, Object>> migEntry = List.of();
        if (anyMig) {
            migEntry = new ArrayList<>();
            for (Map.Entry<String, List<Integer>> e : groups.entrySet()) {
                Map<String, Object> group = new LinkedHashMap<>();
                group.put("devices", groups.size() == 1 ? "all" : e.getValue());
                boolean enabled = !e.getKey().equals("disabled");
                group.put("mig-enabled", enabled);
                if (enabled) group.put("mig-devices", countsOf.get(e.getKey()));
                migEntry.add(group);
            }
            migName = "gpushare-" + Names.hash(AnnotationJson.write(migEntry), 10);
        }

        // --- device plugin: time-slicing replicas; MPS and MIG's mixed strategy in device-plugin mode
        boolean timeSliced = false, mps = false;
        for (Gpu g : gpus) {
            timeSliced |= g.mode() == GpuMode.TIME_SLICING;
            mps |= g.mode() == GpuMode.MPS;
        }
        String pluginName = null;
        Map<String, Object> plugin = Map.of();
        if (timeSliced && sharing instanceof GpuSharing.TimeSlicing ts) {
            pluginName = "gpushare-time-slicing-" + ts.replicas();
            plugin = pluginDoc(null, "timeSlicing", ts.replicas());
        } else if (mode == DeviceMode.DEVICE_PLUGIN && mps) {
            int replicas = sharing instanceof GpuSharing.Mps m && m.maxClientsPerGpu() != null
                    ? m.maxClientsPerGpu() : MPS_MAX_CLIENTS;
            pluginName = "gpushare-mps-" + replicas;
            plugin = pluginDoc(null, "mps", replicas);
        } else if (mode == DeviceMode.DEVICE_PLUGIN && anyMig) {
            pluginName = "gpushare-mig-mixed";
            plugin = pluginDoc("mixed", null, 0);
        }
        return new NodeConfig(migName, migEntry, pluginName, plugin);
    }

    private static Map<String, Object> pluginDoc(String migStrategy, String sharingKind, int replicas) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", "v1");
        if (migStrategy != null) doc.put("flags", Map.of("migStrategy", migStrategy));
        if (sharingKind != null) {
            Map<String, Object> resource = new LinkedHashMap<>();
            resource.put("name", Keys.GPU_RESOURCE);
            resource.put("replicas", replicas);
            Map<String, Object> replicated = new LinkedHashMap<>();
            replicated.put("renameByDefault", false);
            replicated.put("failRequestsGreaterThanOne", true);
            replicated.put("resources", List.of(resource));
            doc.put("sharing", Map.of(sharingKind, replicated));
        }
        return doc;
    }
}
