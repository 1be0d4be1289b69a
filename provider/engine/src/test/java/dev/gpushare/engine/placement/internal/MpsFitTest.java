package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.dedicated;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.mps;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;

import java.util.List;
import java.util.stream.LongStream;

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

    private static CopyRequest mib(long... perContainer) {
        return copy(Form.MPS, LongStream.of(perContainer).mapToObj(m -> new Need.Mps(m, null)).toArray(Need[]::new));
    }

    /** Every GPU of the instance with the same MPS work. */
    private static Node all(int clients, long usedMiB) {
        Node n = node(L4);
        for (int g = 0; g < 4; g++) mps(n, g, clients, usedMiB);
        return n;
    }

    @Test
    void find() {
        List<FitRows.Find> rows = List.of(
                // empty instance: GPU 0 first, in index order
                new FitRows.Find("empty", L4, node(L4), mib(4_096), gpus(List.of(0))),
                // GPU 0: 3 clients of 6,144 → 22,563 − 18,432 = 4,131 free, but 3 + 1 clients > 3 → GPU 1 (idle)
                new FitRows.Find("GPU 0 at its clients limit", L4, mps(node(L4), 0, 3, 18_432), mib(1_000), gpus(List.of(1))),
                // GPU 0: 1 client of 18,467 → 4,096 free = the copy's 4,096 (free ≥ needed fits)
                new FitRows.Find("exactly the free memory", L4, mps(node(L4), 0, 1, 18_467), mib(4_096), gpus(List.of(0))),
                // GPU 0: 1 client of 18,468 → 4,095 free < 4,096 → GPU 1
                new FitRows.Find("one MiB short", L4, mps(node(L4), 0, 1, 18_468), mib(4_096), gpus(List.of(1))),
                // every GPU: 2 clients of 10,000 → 2,563 free < 4,096, clients fine → most free 2,563
                new FitRows.Find("no GPU with the memory", L4, all(2, 20_000), mib(4_096), new Refusal.GpuMemory(4_096, 2_563)),
                // every GPU: 3 clients of 2,000 → 16,563 free ≥ 4,096 but 3 + 1 > 3 clients
                new FitRows.Find("memory but no client slot", L4, all(3, 6_000), mib(4_096), new Refusal.Clients(3)),
                // GPUs 0–2 full of clients (19,563 free each), GPU 3 1 client of 20,000 (2,563 free):
                // a GPU had the memory, so the clients limit is the reason (not memory)
                new FitRows.Find("clients win over memory", L4, mps(mps(mps(mps(node(L4), 0, 3, 3_000), 1, 3, 3_000), 2, 3, 3_000),
                        3, 1, 20_000), mib(4_096), new Refusal.Clients(3)),
                // all 4 GPUs dedicated (whole-GPU work): none open to MPS → most free 0
                new FitRows.Find("no GPU open to MPS", L4, dedicated(node(L4), 0, 1, 2, 3), mib(4_096), new Refusal.GpuMemory(4_096, 0)),
                // two containers of 2,048 (4,096 together); GPU 0 has 2 clients: 2 + 2 > 3 → both on GPU 1
                new FitRows.Find("a copy's containers share one GPU", L4, mps(node(L4), 0, 2, 2_000), mib(2_048, 2_048),
                        gpus(List.of(1), List.of(1))),
                // two containers of 12,000 = 24,000 > 22,563 even on an empty GPU
                new FitRows.Find("the sum counts, not each container", L4, node(L4), mib(12_000, 12_000), new Refusal.GpuMemory(24_000, 22_563)),
                new FitRows.Find("not an MPS pool", EXCLUSIVE, node(EXCLUSIVE), mib(1_000),
                        new Refusal.Incompatible("nvidiaMps needs a capacity provider with gpuSharing MPS")));
        FitRows.assertFinds(MpsFit.INSTANCE, rows);
    }

    @Test
    void verify() {
        List<FitRows.Verify> rows = List.of(
                new FitRows.Verify("empty GPU 2", L4, node(L4), mib(4_096), gpus(List.of(2)), null),
                // GPU 2: 2 clients of 10,000 → 2,563 free < 4,096
                new FitRows.Verify("GPU 2 short of memory", L4, mps(node(L4), 2, 2, 20_000), mib(4_096), gpus(List.of(2)),
                        new Refusal.GpuMemory(4_096, 2_563)),
                // GPU 2 dedicated: not open to MPS, counted as 0 free
                new FitRows.Verify("GPU 2 dedicated", L4, dedicated(node(L4), 2), mib(4_096), gpus(List.of(2)), new Refusal.GpuMemory(4_096, 0)),
                // GPU 2: 3 clients of 1,000 → 19,563 free, but 3 + 1 > 3 clients
                new FitRows.Verify("GPU 2 at its clients limit", L4, mps(node(L4), 2, 3, 3_000), mib(4_096), gpus(List.of(2)), new Refusal.Clients(3)),
                // GPU 2 has 1 client: 1 + 2 containers = 3 ≤ 3, and 21,563 free ≥ 2,000
                new FitRows.Verify("two containers on a GPU with 1 client", L4, mps(node(L4), 2, 1, 1_000), mib(1_000, 1_000),
                        gpus(List.of(2), List.of(2)), null),
                new FitRows.Verify("containers on two GPUs", L4, node(L4), mib(1_000, 1_000), gpus(List.of(0), List.of(1)),
                        new Refusal.Incompatible("MPS containers of a task on different GPUs")),
                new FitRows.Verify("GPU 4 of a 4-GPU instance", L4, node(L4), mib(1_000), gpus(List.of(4)),
                        new Refusal.Incompatible("nvidiaMps needs a capacity provider with gpuSharing MPS")));
        FitRows.assertVerifies(MpsFit.INSTANCE, rows);
    }
}
