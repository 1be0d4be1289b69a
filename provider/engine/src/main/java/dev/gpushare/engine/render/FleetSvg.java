package dev.gpushare.engine.render;

import dev.gpushare.engine.render.internal.SvgCanvas;
import dev.gpushare.engine.state.FleetState;

/**
 * The fleet picture as one standalone SVG document: each instance a box, each GPU a bar of its
 * memory (or MIG placement units) with one segment per allocation, coloured per service or model;
 * identical instances drawn once with their count; unplaced copies listed with their reason.
 *
 * <p>Structure for tools and tests: every instance carries {@code data-instance="ID"} and every
 * GPU {@code data-gpu="ID/INDEX"}, each exactly once; a box of identical instances is a
 * {@code g.instance-group} with {@code data-count}.
 */
public final class FleetSvg {
    private FleetSvg() {}

    public static String render(FleetState state) {
        return render(state, null);
    }

    /** As {@link #render(FleetState)}, with the cost and GPU memory lines ({@code g.cost}) under the header. */
    public static String render(FleetState state, dev.gpushare.engine.cost.FleetUsage usage) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + SvgCanvas.draw(state, usage);
    }
}
