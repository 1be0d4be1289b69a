package dev.gpushare.kubernetes.internal;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * The two ConfigMaps the GPU Operator reads node configuration from, one of each per cluster:
 * {@code gpushare-<cluster>-mig-parted} (key {@code config.yaml}: mig-parted's {@code version: v1,
 * mig-configs:} document) and {@code gpushare-<cluster>-device-plugin} (one key per device-plugin
 * config). Point the ClusterPolicy's {@code migManager.config.name} and {@code
 * devicePlugin.config.name} at them.
 */
public final class NodeConfigMaps {
    public static final String MIG_KEY = "config.yaml";
    private static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .build()).build();

    private NodeConfigMaps() {}

    public static String migName(String cluster) {
        return Names.objectName("gpushare", cluster, "mig-parted");
    }

    public static String pluginName(String cluster) {
        return Names.objectName("gpushare", cluster, "device-plugin");
    }

    /** Both ConfigMaps for the given node configurations (empty ones are left out). */
    public static List<ConfigMap> of(String cluster, String namespace, Iterable<NodeConfig> configs) {
        Map<String, Object> migConfigs = new TreeMap<>();
        Map<String, String> plugin = new TreeMap<>();
        for (NodeConfig c : configs) {
            if (c.migEntryName() != null) migConfigs.put(c.migEntryName(), c.migEntry());
            if (c.pluginEntryName() != null) plugin.put(c.pluginEntryName(), YAML.writeValueAsString(c.pluginEntry()));
        }
        List<ConfigMap> out = new ArrayList<>();
        if (!migConfigs.isEmpty()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("version", "v1");
            doc.put("mig-configs", migConfigs);
            out.add(configMap(cluster, namespace, migName(cluster), "mig-parted", Map.of(MIG_KEY, YAML.writeValueAsString(doc))));
        }
        if (!plugin.isEmpty()) out.add(configMap(cluster, namespace, pluginName(cluster), "device-plugin", plugin));
        return out;
    }

    private static ConfigMap configMap(String cluster, String namespace, String name, String role, Map<String, String> data) {
        return new ConfigMapBuilder()
                .withNewMetadata()
                    .withName(name).withNamespace(namespace)
                    .withLabels(new TreeMap<>(Map.of(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE, Keys.CLUSTER, cluster, Keys.ROLE, role)))
                .endMetadata()
                .withData(new TreeMap<>(data))
                .build();
    }
}
