package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.gpus;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;

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

    record Find(String why, Pool pool, Node node, CopyRequest copy, FitResult expected) {
        Find(String why, Node node, CopyRequest copy, FitResult expected) {
            this(why, QUARTER, node, copy, expected);
        }
    }

    record Verify(String why, Node node, CopyRequest copy, Choice choice, Refusal expected) {}

    private static CopyRequest fraction(String... values) {
        Need[] needs = new Need[values.length];
        for (int i = 0; i < values.length; i++) needs[i] = new Need.Fraction(new BigDecimal(values[i]));
        return copy(Form.FRACTION, needs);
    }

    /** An instance already running one task. */
    private static Node busy() {
        Node n = node(QUARTER);
        n.copies = 1;
        return n;
    }

    @Test
    void find() {
        List<Find> rows = List.of(
                new Find("empty: its GPU 0", node(QUARTER), fraction("0.25"), gpus(List.of(0))),
                // 0.250 and 0.25 are the same fraction (compared as numbers, not text)
                new Find("0.250 is 0.25", node(QUARTER), fraction("0.250"), gpus(List.of(0))),
                // one task per instance: 1 GPU asked, 0 free
                new Find("already running a task", busy(), fraction("0.25"), new Refusal.IdleGpus(1, 0)),
                new Find("half on a quarter", node(QUARTER), fraction("0.5"), new Refusal.Incompatible(EXACTLY)),
                new Find("two containers", node(QUARTER), fraction("0.25", "0.25"), new Refusal.Incompatible(EXACTLY)),
                new Find("a whole-GPU type", L4, node(L4), fraction("0.25"), new Refusal.Incompatible(EXACTLY)));
        for (Find r : rows) {
            assertThat(FractionFit.INSTANCE.find(r.copy(), r.node(), r.pool())).as(r.why()).isEqualTo(r.expected());
        }
    }

    @Test
    void verify() {
        List<Verify> rows = List.of(
                new Verify("GPU 0 of an empty instance", node(QUARTER), fraction("0.25"), gpus(List.of(0)), null),
                new Verify("GPU 1", node(QUARTER), fraction("0.25"), gpus(List.of(1)),
                        new Refusal.Incompatible("a fractional task uses GPU 0")),
                new Verify("already running a task", busy(), fraction("0.25"), gpus(List.of(0)), new Refusal.IdleGpus(1, 0)));
        for (Verify r : rows) {
            assertThat(FractionFit.INSTANCE.verify(r.copy(), r.node(), QUARTER, r.choice())).as(r.why()).isEqualTo(r.expected());
        }
    }
}
