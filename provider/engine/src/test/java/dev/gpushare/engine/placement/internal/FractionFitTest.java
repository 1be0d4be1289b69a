package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link FractionFit}: one task per fractional instance, whose slice is exactly the asked fraction.
 * Pool: g6f.2xlarge, a 0.25 slice of an L4 (5,722 MiB).
 */
class FractionFitTest {
    private static final Pool QUARTER = pool("g6f.2xlarge", new GpuSharing.Mps(null));
    private static final Pool L4 = pool("g6.12xlarge", new GpuSharing.Mps(null));
    private static final String EXACTLY = "a fractional GPU needs a fractional instance type of exactly that fraction";

    private static CopyRequest fraction(String... values) {
        return copy(Form.FRACTION, Stream.of(values).map(v -> new Need.Fraction(new BigDecimal(v))).toArray(Need[]::new));
    }

    /** An instance already running one task. */
    private static Node busy() {
        Node n = node(QUARTER);
        n.copies = 1;
        return n;
    }

    @Test
    void find() {
        List<FitRows.Find> rows = List.of(
                new FitRows.Find("empty: its GPU 0", QUARTER, node(QUARTER), fraction("0.25"), gpus(List.of(0))),
                // 0.250 and 0.25 are the same fraction (compared as numbers, not text)
                new FitRows.Find("0.250 is 0.25", QUARTER, node(QUARTER), fraction("0.250"), gpus(List.of(0))),
                // one task per instance: 1 GPU asked, 0 free
                new FitRows.Find("already running a task", QUARTER, busy(), fraction("0.25"), new Refusal.IdleGpus(1, 0)),
                new FitRows.Find("half on a quarter", QUARTER, node(QUARTER), fraction("0.5"), new Refusal.Incompatible(EXACTLY)),
                new FitRows.Find("two containers", QUARTER, node(QUARTER), fraction("0.25", "0.25"), new Refusal.Incompatible(EXACTLY)),
                new FitRows.Find("a whole-GPU type", L4, node(L4), fraction("0.25"), new Refusal.Incompatible(EXACTLY)));
        FitRows.assertFinds(FractionFit.INSTANCE, rows);
    }

    @Test
    void verify() {
        List<FitRows.Verify> rows = List.of(
                new FitRows.Verify("GPU 0 of an empty instance", QUARTER, node(QUARTER), fraction("0.25"), gpus(List.of(0)), null),
                new FitRows.Verify("GPU 1", QUARTER, node(QUARTER), fraction("0.25"), gpus(List.of(1)),
                        new Refusal.Incompatible("a fractional task uses GPU 0")),
                new FitRows.Verify("already running a task", QUARTER, busy(), fraction("0.25"), gpus(List.of(0)), new Refusal.IdleGpus(1, 0)));
        FitRows.assertVerifies(FractionFit.INSTANCE, rows);
    }
}
