package dev.gpushare.engine.placement.internal;

/** Host CPU units and memory (MiB) of the task against what the instance has left. */
final class HostFit {
    private HostFit() {}

    static Refusal check(CopyRequest copy, Node node) {
        if (node.closed) return new Refusal.Closed();
        return resources(copy, node);
    }

    /** CPU and memory only (an unhealthy instance still holds what it runs). */
    static Refusal resources(CopyRequest copy, Node node) {
        if (copy.cpuUnits() > node.cpuFree) return new Refusal.HostCpu(copy.cpuUnits(), node.cpuFree);
        if (copy.memoryMiB() > node.memFree) return new Refusal.HostMemory(copy.memoryMiB(), node.memFree);
        return null;
    }
}
