package dev.gpushare.engine.interop.cloudformation.internal;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** {@code AWS::ECS::Cluster}: the spec's cluster, named as the spec names it. */
public final class ClusterKind {
    private ClusterKind() {}

    /** Adds the cluster; returns its logical id. */
    public static String add(TemplateBuilder b) {
        String id = b.id(b.input().spec().cluster(), "Cluster");
        ObjectNode p = Fn.object();
        p.put("ClusterName", b.input().spec().cluster());
        b.resource(id, "AWS::ECS::Cluster", List.of(), p);
        return id;
    }

    /**
     * {@code AWS::ECS::ClusterCapacityProviderAssociations}: the Auto Scaling group providers are
     * the cluster's, the first one its default; the services wait for it.
     */
    public static String associate(TemplateBuilder b, String clusterId, List<String> capacityProviderIds) {
        String id = b.id(b.input().spec().cluster(), "CapacityProviderAssociations");
        ObjectNode p = Fn.object();
        p.set("Cluster", Fn.ref(clusterId));
        var list = p.putArray("CapacityProviders");
        capacityProviderIds.forEach(cp -> list.add(Fn.ref(cp)));
        p.putArray("DefaultCapacityProviderStrategy").addObject().<ObjectNode>set("CapacityProvider", Fn.ref(capacityProviderIds.get(0)))
                .put("Weight", 1);
        b.resource(id, "AWS::ECS::ClusterCapacityProviderAssociations", List.of(), p);
        return id;
    }
}
