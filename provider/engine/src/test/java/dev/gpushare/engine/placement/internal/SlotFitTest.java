package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static dev.gpushare.engine.placement.internal.FitRows.slots;

import java.util.List;
import java.util.stream.IntStream;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link SlotFit}: a container asking for k GPUs takes one time-slicing replica on each of k
 * distinct GPUs, filled in index order. Pool: g6.12xlarge, 4 GPUs × 2 replicas = 8 per instance.
 */
class SlotFitTest {
    private static final Pool TS = pool("g6.12xlarge", new GpuSharing.TimeSlicing(2));

    private static CopyRequest replicas(int... counts) {
        return copy(Form.SLOTS, IntStream.of(counts).mapToObj(Need.Slots::new).toArray(Need[]::new));
    }

    /** GPUs 0..n−1 with both replicas taken. */
    private static Node fullGpus(int n) {
        Node node = node(TS);
        for (int g = 0; g < n; g++) slots(node, g, 2);
        return node;
    }

    @Test
    void find() {
        List<FitRows.Find> rows = List.of(
                new FitRows.Find("empty: GPUs 0 and 1", TS, node(TS), replicas(2), gpus(List.of(0, 1))),
                // GPU 0's 2 replicas taken → 1 and 2
                new FitRows.Find("GPU 0 full", TS, fullGpus(1), replicas(2), gpus(List.of(1, 2))),
                // GPU 0 has 1 of 2 taken: still one replica → 0 and 1
                new FitRows.Find("a GPU with one replica left", TS, slots(node(TS), 0, 1), replicas(2), gpus(List.of(0, 1))),
                // two containers of 4: each takes one replica on each GPU, 8 of 8
                new FitRows.Find("two containers fill the instance", TS, node(TS), replicas(4, 4),
                        gpus(List.of(0, 1, 2, 3), List.of(0, 1, 2, 3))),
                // a third container of 4 finds every GPU at 2 of 2; GPUs free before the copy: 4
                new FitRows.Find("a third container finds none", TS, node(TS), replicas(4, 4, 4), new Refusal.NoSlot(4, 4)),
                // GPUs 0–2 full: 1 GPU with a replica < 2 distinct GPUs
                new FitRows.Find("one GPU with replicas left", TS, fullGpus(3), replicas(2), new Refusal.NoSlot(2, 1)),
                // 8 distinct GPUs > 4
                new FitRows.Find("more GPUs than the type has", TS, node(TS), replicas(8), new Refusal.IdleGpus(8, 4)),
                new FitRows.Find("not time-slicing capacity", pool("g6.12xlarge", new GpuSharing.Exclusive()),
                        node(pool("g6.12xlarge", new GpuSharing.Exclusive())), replicas(1),
                        new Refusal.Incompatible("replicas need TIME_SLICING capacity")));
        FitRows.assertFinds(SlotFit.INSTANCE, rows);
    }

    @Test
    void verify() {
        List<FitRows.Verify> rows = List.of(
                new FitRows.Verify("GPUs 1 and 2 with GPU 0 full", TS, fullGpus(1), replicas(2), gpus(List.of(1, 2)), null),
                // GPU 0 at 2 of 2: 3 GPUs with replicas left
                new FitRows.Verify("a full GPU", TS, fullGpus(1), replicas(2), gpus(List.of(0, 1)), new Refusal.NoSlot(2, 3)),
                new FitRows.Verify("the same GPU twice", TS, node(TS), replicas(2), gpus(List.of(1, 1)), new Refusal.NoSlot(2, 4)),
                // GPU 0 has 1 of 2: two containers each wanting GPU 0 → 1 + 2 > 2
                new FitRows.Verify("two containers on a GPU's last replica", TS, slots(node(TS), 0, 1), replicas(1, 1),
                        gpus(List.of(0), List.of(0)), new Refusal.NoSlot(1, 4)),
                new FitRows.Verify("a GPU fewer than asked", TS, node(TS), replicas(2), gpus(List.of(0)),
                        new Refusal.Incompatible("GPU count changed")));
        FitRows.assertVerifies(SlotFit.INSTANCE, rows);
    }
}
