package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.dedicated;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.mps;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link MpsFit}: all MPS containers of a copy on one GPU that is idle or MPS, whose free memory
 * covers their sum and whose clients stay within maxClientsPerGpu. Pool: g6.12xlarge, 4 × L4 of
 * 22,563 MiB usable, maxClientsPerGpu 3.
 */
class MpsFitTest {
    private static final Pool L4 = pool("g6.12xlarge", new GpuSharing.Mps(3));
    private static final Pool EXCLUSIVE = pool("g6.12xlarge", new GpuSharing.Exclusive());

    record Find(String why, Pool pool, Node node, CopyRequest copy, FitResult expected) {
        Find(String why, Node node, CopyRequest copy, FitResult expected) {
            this(why, L4, node, copy, expected);
        }
    }

    record Verify(String why, Node node, CopyRequest copy, Choice choice, Refusal expected) {}

    private static CopyRequest mib(long... perContainer) {
        Need[] needs = new Need[perContainer.length];
        for (int i = 0; i < needs.length; i++) needs[i] = new Need.Mps(perContainer[i], null);
        return copy(Form.MPS, needs);
    }

    /** Every GPU of the instance with the same MPS work. */
    private static Node all(int clients, long usedMiB) {
        Node n = node(L4);
        for (int g = 0; g < 4; g++) mps(n, g, clients, usedMiB);
        return n;
    }

    @Test
    void find() {
        List<Find> rows = List.of(
                // empty instance: GPU 0 first, in index order
                new Find("empty", node(L4), mib(4_096), gpus(List.of(0))),
                // GPU 0: 3 clients of 6,144 → 22,563 − 18,432 = 4,131 free, but 3 + 1 clients > 3 → GPU 1 (idle)
                new Find("GPU 0 at its clients limit", mps(node(L4), 0, 3, 18_432), mib(1_000), gpus(List.of(1))),
                // GPU 0: 1 client of 18,467 → 4,096 free = the copy's 4,096 (free ≥ needed fits)
                new Find("exactly the free memory", mps(node(L4), 0, 1, 18_467), mib(4_096), gpus(List.of(0))),
                // GPU 0: 1 client of 18,468 → 4,095 free < 4,096 → GPU 1
                new Find("one MiB short", mps(node(L4), 0, 1, 18_468), mib(4_096), gpus(List.of(1))),
                // every GPU: 2 clients of 10,000 → 2,563 free < 4,096, clients fine → most free 2,563
                new Find("no GPU with the memory", all(2, 20_000), mib(4_096), new Refusal.GpuMemory(4_096, 2_563)),
                // every GPU: 3 clients of 2,000 → 16,563 free ≥ 4,096 but 3 + 1 > 3 clients
                new Find("memory but no client slot", all(3, 6_000), mib(4_096), new Refusal.Clients(3)),
                // GPUs 0–2 full of clients (19,563 free each), GPU 3 1 client of 20,000 (2,563 free):
                // a GPU had the memory, so the clients limit is the reason (not memory)
                new Find("clients win over memory", mps(mps(mps(mps(node(L4), 0, 3, 3_000), 1, 3, 3_000), 2, 3, 3_000),
                        3, 1, 20_000), mib(4_096), new Refusal.Clients(3)),
                // all 4 GPUs dedicated (whole-GPU work): none open to MPS → most free 0
                new Find("no GPU open to MPS", dedicated(node(L4), 0, 1, 2, 3), mib(4_096), new Refusal.GpuMemory(4_096, 0)),
                // two containers of 2,048 (4,096 together); GPU 0 has 2 clients: 2 + 2 > 3 → both on GPU 1
                new Find("a copy's containers share one GPU", mps(node(L4), 0, 2, 2_000), mib(2_048, 2_048),
                        gpus(List.of(1), List.of(1))),
                // two containers of 12,000 = 24,000 > 22,563 even on an empty GPU
                new Find("the sum counts, not each container", node(L4), mib(12_000, 12_000), new Refusal.GpuMemory(24_000, 22_563)),
                new Find("not an MPS pool", EXCLUSIVE, node(EXCLUSIVE), mib(1_000),
                        new Refusal.Incompatible("nvidiaMps needs a capacity provider with gpuSharing MPS")));
        for (Find r : rows) assertThat(MpsFit.INSTANCE.find(r.copy(), r.node(), r.pool())).as(r.why()).isEqualTo(r.expected());
    }

    @Test
    void verify() {
        List<Verify> rows = List.of(
                new Verify("empty GPU 2", node(L4), mib(4_096), gpus(List.of(2)), null),
                // GPU 2: 2 clients of 10,000 → 2,563 free < 4,096
                new Verify("GPU 2 short of memory", mps(node(L4), 2, 2, 20_000), mib(4_096), gpus(List.of(2)),
                        new Refusal.GpuMemory(4_096, 2_563)),
                // GPU 2 dedicated: not open to MPS, counted as 0 free
                new Verify("GPU 2 dedicated", dedicated(node(L4), 2), mib(4_096), gpus(List.of(2)), new Refusal.GpuMemory(4_096, 0)),
                // GPU 2: 3 clients of 1,000 → 19,563 free, but 3 + 1 > 3 clients
                new Verify("GPU 2 at its clients limit", mps(node(L4), 2, 3, 3_000), mib(4_096), gpus(List.of(2)), new Refusal.Clients(3)),
                // GPU 2 has 1 client: 1 + 2 containers = 3 ≤ 3, and 21,563 free ≥ 2,000
                new Verify("two containers on a GPU with 1 client", mps(node(L4), 2, 1, 1_000), mib(1_000, 1_000),
                        gpus(List.of(2), List.of(2)), null),
                new Verify("containers on two GPUs", node(L4), mib(1_000, 1_000), gpus(List.of(0), List.of(1)),
                        new Refusal.Incompatible("MPS containers of a task on different GPUs")),
                new Verify("GPU 4 of a 4-GPU instance", node(L4), mib(1_000), gpus(List.of(4)),
                        new Refusal.Incompatible("nvidiaMps needs a capacity provider with gpuSharing MPS")));
        for (Verify r : rows) {
            assertThat(MpsFit.INSTANCE.verify(r.copy(), r.node(), L4, r.choice())).as(r.why()).isEqualTo(r.expected());
        }
    }
}
