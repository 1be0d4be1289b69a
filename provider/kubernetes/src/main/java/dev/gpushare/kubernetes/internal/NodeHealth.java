package dev.gpushare.kubernetes.internal;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.Map;

/**
 * A node's health as the cluster reports it: its {@code Ready} condition, the node lifecycle
 * controller's taints, the MIG manager's {@code nvidia.com/mig.config.state}, and the device
 * plugin's MPS control daemon pod on it; plus gpushare's own mark ({@code instance mark-unhealthy}).
 */
public final class NodeHealth {
    private NodeHealth() {}

    /** Why the node is unhealthy, or {@code null} when it is healthy. */
    public static String reason(Node node, Pod mpsDaemon) {
        Map<String, String> ann = node.getMetadata().getAnnotations();
        if (ann != null && ann.get(Keys.UNHEALTHY) != null) return ann.get(Keys.UNHEALTHY);
        String ready = readyStatus(node);
        if ("Unknown".equals(ready)) return "node-unreachable";
        if (!"True".equals(ready)) return "node-not-ready";
        if (node.getSpec() != null && node.getSpec().getTaints() != null) {
            for (Taint t : node.getSpec().getTaints()) {
                if (Keys.TAINT_UNREACHABLE.equals(t.getKey())) return "node-unreachable";
                if (Keys.TAINT_NOT_READY.equals(t.getKey())) return "node-not-ready";
            }
        }
        Map<String, String> labels = node.getMetadata().getLabels();
        if (labels != null && "failed".equals(labels.get(Keys.MIG_CONFIG_STATE))) return "mig-config-failed";
        if (mpsDaemon != null && !podReady(mpsDaemon)) return "mps-daemon-not-ready";
        return null;
    }

    /** Whether a free node may be claimed: healthy and schedulable. */
    public static boolean claimable(Node node) {
        if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) return false;
        return reason(node, null) == null;
    }

    private static String readyStatus(Node node) {
        if (node.getStatus() == null || node.getStatus().getConditions() == null) return "Unknown";
        for (NodeCondition c : node.getStatus().getConditions()) if ("Ready".equals(c.getType())) return c.getStatus();
        return "Unknown";
    }

    private static boolean podReady(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) return false;
        for (PodCondition c : pod.getStatus().getConditions()) if ("Ready".equals(c.getType())) return "True".equals(c.getStatus());
        return false;
    }
}
