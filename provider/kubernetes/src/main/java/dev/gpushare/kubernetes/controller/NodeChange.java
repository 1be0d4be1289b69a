package dev.gpushare.kubernetes.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import java.util.Objects;

/**
 * Whether a node update can change a plan: its labels, annotations, taints, schedulability or
 * Ready status. A kubelet's heartbeat (every 10 s per node, a new resourceVersion each time) does
 * not, so a thousand nodes do not keep the controller busy.
 */
final class NodeChange {
    private NodeChange() {}

    static boolean matters(Node old, Node now) {
        return !Objects.equals(old.getMetadata().getLabels(), now.getMetadata().getLabels())
                || !Objects.equals(old.getMetadata().getAnnotations(), now.getMetadata().getAnnotations())
                || !Objects.equals(old.getSpec() == null ? null : old.getSpec().getTaints(), now.getSpec() == null ? null : now.getSpec().getTaints())
                || !Objects.equals(old.getSpec() == null ? null : old.getSpec().getUnschedulable(), now.getSpec() == null ? null : now.getSpec().getUnschedulable())
                || !Objects.equals(ready(old), ready(now));
    }

    private static String ready(Node n) {
        if (n.getStatus() == null || n.getStatus().getConditions() == null) return null;
        for (NodeCondition c : n.getStatus().getConditions()) if ("Ready".equals(c.getType())) return c.getStatus();
        return null;
    }
}
