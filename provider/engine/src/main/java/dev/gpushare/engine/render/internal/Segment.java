package dev.gpushare.engine.render.internal;

import java.util.List;

/**
 * One piece of a GPU bar, in px from the bar's left edge.
 *
 * @param kind    what it shows
 * @param x       left edge, px from the bar's start
 * @param width   px
 * @param labels  texts to draw on it, longest first: the first that fits is drawn
 * @param title   the full description (tooltip)
 * @param owner   the service or inference component it belongs to (colour key), or {@code null}
 * @param task    the task copy on it ({@code SERVICE/N}), or {@code null}
 * @param profile the MIG profile for {@link Kind#PARTITION}, otherwise {@code null}
 * @param start   the MIG start unit for {@link Kind#PARTITION}, otherwise {@code null}
 */
public record Segment(
        Kind kind, double x, double width, List<String> labels, String title, String owner, String task,
        String profile, Integer start) {

    public Segment {
        labels = List.copyOf(labels);
    }

    public enum Kind {
        /** A container's share (MPS memory, a whole GPU, a time slot, a fractional slice). */
        ALLOCATION,
        /** Memory of an MPS GPU no container has reserved. */
        FREE,
        /** A GPU nothing is assigned to. */
        IDLE,
        /** A MIG instance; {@code task} set when a copy runs on it. */
        PARTITION,
        /** Placement units of a MIG GPU that no MIG instance covers. */
        UNUSED,
        /** The part of a physical GPU outside a fractional instance's slice (other tenants). */
        OUTSIDE_SLICE
    }
}
