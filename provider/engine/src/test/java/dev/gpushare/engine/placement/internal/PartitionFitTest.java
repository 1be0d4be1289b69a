package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.parts;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static dev.gpushare.engine.placement.internal.FitRows.taken;

import java.util.List;
import java.util.stream.Stream;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionFit}: each container takes one free MIG instance of its profile on the copy's
 * instance, the lowest (GPU, start) first. Pools: p4d.24xlarge, 8 × A100-40GB, each GPU laid out
 * as 3g.20gb at starts 0 and 4 (partitions 0 and 1: 16 per instance), or 4g.20gb at 0 and
 * 3g.20gb at 4 (partition 0 is the 4g, partition 1 the 3g: 8 of each per instance).
 */
class PartitionFitTest {
    private static final Pool TWO_3G = pool("p4d.24xlarge", new GpuSharing.Mig(List.of("3g.20gb", "3g.20gb")));
    private static final Pool MIXED = pool("p4d.24xlarge", new GpuSharing.Mig(List.of("4g.20gb", "3g.20gb")));

    private static CopyRequest mig(String... profiles) {
        return copy(Form.PARTITION, Stream.of(profiles).map(Need.Partition::new).toArray(Need[]::new));
    }

    /** Every 3g.20gb of the TWO_3G instance taken but {@code freeLeft} at the end (GPU 7 partition 1 first). */
    private static Node full(int freeLeft) {
        Node n = node(TWO_3G);
        for (int i = 0; i < 16 - freeLeft; i++) taken(n, i / 2, i % 2);
        return n;
    }

    @Test
    void find() {
        List<FitRows.Find> rows = List.of(
                new FitRows.Find("empty: GPU 0, start 0", TWO_3G, node(TWO_3G), mig("3g.20gb"), parts(0, 0)),
                // GPU 0 both taken → GPU 1 partition 0
                new FitRows.Find("GPU 0 full", TWO_3G, taken(taken(node(TWO_3G), 0, 0), 0, 1), mig("3g.20gb"), parts(1, 0)),
                // GPU 0 partition 0 taken: the copy's two containers take (0, 1) then (1, 0)
                new FitRows.Find("two containers", TWO_3G, taken(node(TWO_3G), 0, 0), mig("3g.20gb", "3g.20gb"), parts(0, 1, 1, 0)),
                // 16 − 16 = 0 free
                new FitRows.Find("all 16 taken", TWO_3G, full(0), mig("3g.20gb"), new Refusal.NoPartition("3g.20gb", 1, 0)),
                // 1 free (GPU 7 partition 1): the first container takes it, the second finds none
                new FitRows.Find("one free, two asked", TWO_3G, full(1), mig("3g.20gb", "3g.20gb"), new Refusal.NoPartition("3g.20gb", 2, 1)),
                // the layout has no 1g.5gb: 0 per GPU × 8 GPUs = 0 < 1, even on an empty instance
                new FitRows.Find("profile not in the layout", TWO_3G, node(TWO_3G), mig("1g.5gb"), new Refusal.NoPartition("1g.5gb", 1, 0)),
                // 9 × 3g.20gb on MIXED: 1 per GPU × 8 = 8 < 9
                new FitRows.Find("more than the layout offers", MIXED, node(MIXED), mig("3g.20gb", "3g.20gb", "3g.20gb", "3g.20gb",
                        "3g.20gb", "3g.20gb", "3g.20gb", "3g.20gb", "3g.20gb"), new Refusal.NoPartition("3g.20gb", 9, 8)),
                // MIXED: the 3g is partition 1 of each GPU, the 4g partition 0
                new FitRows.Find("by profile, not position", MIXED, node(MIXED), mig("3g.20gb", "4g.20gb"), parts(0, 1, 0, 0)),
                new FitRows.Find("not MIG capacity", pool("g6.12xlarge", new GpuSharing.Mps(null)), node(pool("g6.12xlarge",
                        new GpuSharing.Mps(null))), mig("3g.20gb"), new Refusal.Incompatible("a MIG partition needs MIG capacity")));
        FitRows.assertFinds(PartitionFit.INSTANCE, rows);
    }

    @Test
    void verify() {
        List<FitRows.Verify> rows = List.of(
                new FitRows.Verify("free", TWO_3G, node(TWO_3G), mig("3g.20gb"), parts(3, 1), null),
                // GPU 3 partition 1 taken: 15 of 16 free
                new FitRows.Verify("taken", TWO_3G, taken(node(TWO_3G), 3, 1), mig("3g.20gb"), parts(3, 1),
                        new Refusal.NoPartition("3g.20gb", 1, 15)),
                // MIXED partition 0 is the 4g.20gb: not the copy's profile; 8 3g.20gb free
                new FitRows.Verify("another profile", MIXED, node(MIXED), mig("3g.20gb"), parts(0, 0),
                        new Refusal.NoPartition("3g.20gb", 1, 8)),
                new FitRows.Verify("the same instance twice", TWO_3G, node(TWO_3G), mig("3g.20gb", "3g.20gb"), parts(0, 0, 0, 0),
                        new Refusal.NoPartition("3g.20gb", 2, 16)),
                new FitRows.Verify("GPU 8 of 8", TWO_3G, node(TWO_3G), mig("3g.20gb"), parts(8, 0), new Refusal.Incompatible("no such GPU")),
                new FitRows.Verify("two instances for one container", TWO_3G, node(TWO_3G), mig("3g.20gb"),
                        new Choice(List.of(List.of(new Choice.Pick(0, 0), new Choice.Pick(0, 1)))),
                        new Refusal.Incompatible("one MIG instance per container")));
        FitRows.assertVerifies(PartitionFit.INSTANCE, rows);
    }
}
