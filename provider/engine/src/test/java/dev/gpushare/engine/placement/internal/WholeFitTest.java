package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.dedicated;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.mps;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;

import java.util.List;
import java.util.stream.IntStream;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link WholeFit}: all GPUs of a copy on one instance, each idle, the lowest free indexes first.
 * Pool: g6.12xlarge EXCLUSIVE, 4 × L4 of 22,563 MiB usable.
 */
class WholeFitTest {
    private static final Pool L4 = pool("g6.12xlarge", new GpuSharing.Exclusive());
    private static final Pool L4_MPS = pool("g6.12xlarge", new GpuSharing.Mps(null));
    private static final Pool MIG = pool("p4d.24xlarge", new GpuSharing.Mig(List.of("3g.20gb", "3g.20gb")));

    /** One container per count; no GPU memory asked. */
    private static CopyRequest whole(int... counts) {
        return copy(Form.WHOLE, IntStream.of(counts).mapToObj(c -> new Need.Whole(c, 0)).toArray(Need[]::new));
    }

    @Test
    void find() {
        List<FitRows.Find> rows = List.of(
                new FitRows.Find("empty: the lowest indexes", L4, node(L4), whole(2), gpus(List.of(0, 1))),
                // GPUs 0 and 2 dedicated → idle 1 and 3
                new FitRows.Find("around taken GPUs", L4, dedicated(node(L4), 0, 2), whole(2), gpus(List.of(1, 3))),
                // GPUs 0–2 dedicated → 1 idle < 2
                new FitRows.Find("one idle GPU, two asked", L4, dedicated(node(L4), 0, 1, 2), whole(2), new Refusal.IdleGpus(2, 1)),
                // containers of 1 and 2 GPUs, GPU 1 taken: 0 for the first, 2 and 3 for the second
                new FitRows.Find("two containers", L4, dedicated(node(L4), 1), whole(1, 2), gpus(List.of(0), List.of(2, 3))),
                // 8 > the 4 GPUs of a g6.12xlarge, even empty
                new FitRows.Find("more GPUs than the type has", L4, node(L4), whole(8), new Refusal.IdleGpus(8, 4)),
                // a component's 30,000 MiB minimum > an L4's 22,563
                new FitRows.Find("GPU memory minimum", L4, node(L4), copy(Form.WHOLE, new Need.Whole(1, 30_000)),
                        new Refusal.GpuMemory(30_000, 22_563)),
                // 22,563 ≥ 22,563: fits
                new FitRows.Find("GPU memory minimum met exactly", L4, node(L4), copy(Form.WHOLE, new Need.Whole(1, 22_563)),
                        gpus(List.of(0))),
                // an MPS pool takes whole GPUs too, but not one already shared by MPS (GPU 0)
                new FitRows.Find("MPS pool, GPU 0 shared", L4_MPS, mps(node(L4_MPS), 0, 1, 1_000), whole(1), gpus(List.of(1))),
                new FitRows.Find("MIG capacity", MIG, node(MIG), whole(1),
                        new Refusal.Incompatible("whole GPUs need EXCLUSIVE or MPS capacity, not MIG")));
        FitRows.assertFinds(WholeFit.INSTANCE, rows);
    }

    @Test
    void verify() {
        List<FitRows.Verify> rows = List.of(
                new FitRows.Verify("idle 1 and 3", L4, dedicated(node(L4), 0, 2), whole(2), gpus(List.of(1, 3)), null),
                // GPU 0 taken: 3 idle, but the choice names GPU 0
                new FitRows.Verify("a taken GPU", L4, dedicated(node(L4), 0), whole(2), gpus(List.of(0, 1)), new Refusal.IdleGpus(2, 3)),
                new FitRows.Verify("the same GPU twice", L4, node(L4), whole(2), gpus(List.of(1, 1)), new Refusal.IdleGpus(2, 4)),
                new FitRows.Verify("GPU 4 of 4", L4, node(L4), whole(1), gpus(List.of(4)), new Refusal.IdleGpus(1, 4)),
                new FitRows.Verify("one GPU where two are asked", L4, node(L4), whole(2), gpus(List.of(0)),
                        new Refusal.Incompatible("GPU count changed")));
        FitRows.assertVerifies(WholeFit.INSTANCE, rows);
    }
}
