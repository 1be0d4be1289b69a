package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static dev.gpushare.engine.placement.internal.FitRows.slots;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link SlotFit}: a container asking for k GPUs takes one time-slicing replica on each of k
 * distinct GPUs, filled in index order. Pool: g6.12xlarge, 4 GPUs × 2 replicas = 8 per instance.
 */
class SlotFitTest {
    private static final Pool TS = pool("g6.12xlarge", new GpuSharing.TimeSlicing(2));

    record Find(String why, Pool pool, Node node, CopyRequest copy, FitResult expected) {
        Find(String why, Node node, CopyRequest copy, FitResult expected) {
            this(why, TS, node, copy, expected);
        }
    }

    record Verify(String why, Node node, CopyRequest copy, Choice choice, Refusal expected) {}

    private static CopyRequest replicas(int... counts) {
        Need[] needs = new Need[counts.length];
        for (int i = 0; i < counts.length; i++) needs[i] = new Need.Slots(counts[i]);
        return copy(Form.SLOTS, needs);
    }

    /** GPUs 0..n−1 with both replicas taken. */
    private static Node fullGpus(int n) {
        Node node = node(TS);
        for (int g = 0; g < n; g++) slots(node, g, 2);
        return node;
    }

    @Test
    void find() {
        List<Find> rows = List.of(
                new Find("empty: GPUs 0 and 1", node(TS), replicas(2), gpus(List.of(0, 1))),
                // GPU 0's 2 replicas taken → 1 and 2
                new Find("GPU 0 full", fullGpus(1), replicas(2), gpus(List.of(1, 2))),
                // GPU 0 has 1 of 2 taken: still one replica → 0 and 1
                new Find("a GPU with one replica left", slots(node(TS), 0, 1), replicas(2), gpus(List.of(0, 1))),
                // two containers of 4: each takes one replica on each GPU, 8 of 8
                new Find("two containers fill the instance", node(TS), replicas(4, 4),
                        gpus(List.of(0, 1, 2, 3), List.of(0, 1, 2, 3))),
                // a third container of 4 finds every GPU at 2 of 2; GPUs free before the copy: 4
                new Find("a third container finds none", node(TS), replicas(4, 4, 4), new Refusal.NoSlot(4, 4)),
                // GPUs 0–2 full: 1 GPU with a replica < 2 distinct GPUs
                new Find("one GPU with replicas left", fullGpus(3), replicas(2), new Refusal.NoSlot(2, 1)),
                // 8 distinct GPUs > 4
                new Find("more GPUs than the type has", node(TS), replicas(8), new Refusal.IdleGpus(8, 4)),
                new Find("not time-slicing capacity", pool("g6.12xlarge", new GpuSharing.Exclusive()),
                        node(pool("g6.12xlarge", new GpuSharing.Exclusive())), replicas(1),
                        new Refusal.Incompatible("replicas need TIME_SLICING capacity")));
        for (Find r : rows) assertThat(SlotFit.INSTANCE.find(r.copy(), r.node(), r.pool())).as(r.why()).isEqualTo(r.expected());
    }

    @Test
    void verify() {
        List<Verify> rows = List.of(
                new Verify("GPUs 1 and 2 with GPU 0 full", fullGpus(1), replicas(2), gpus(List.of(1, 2)), null),
                // GPU 0 at 2 of 2: 3 GPUs with replicas left
                new Verify("a full GPU", fullGpus(1), replicas(2), gpus(List.of(0, 1)), new Refusal.NoSlot(2, 3)),
                new Verify("the same GPU twice", node(TS), replicas(2), gpus(List.of(1, 1)), new Refusal.NoSlot(2, 4)),
                // GPU 0 has 1 of 2: two containers each wanting GPU 0 → 1 + 2 > 2
                new Verify("two containers on a GPU's last replica", slots(node(TS), 0, 1), replicas(1, 1),
                        gpus(List.of(0), List.of(0)), new Refusal.NoSlot(1, 4)),
                new Verify("a GPU fewer than asked", node(TS), replicas(2), gpus(List.of(0)),
                        new Refusal.Incompatible("GPU count changed")));
        for (Verify r : rows) {
            assertThat(SlotFit.INSTANCE.verify(r.copy(), r.node(), TS, r.choice())).as(r.why()).isEqualTo(r.expected());
        }
    }
}
