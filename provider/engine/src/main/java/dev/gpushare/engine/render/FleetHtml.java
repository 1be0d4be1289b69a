package dev.gpushare.engine.render;

import dev.gpushare.engine.render.internal.SvgCanvas;
import dev.gpushare.engine.render.internal.Xml;
import dev.gpushare.engine.state.FleetState;

/**
 * The fleet picture as one self-contained HTML file: the SVG of {@link FleetSvg} inline, the CSS
 * inline, nothing loaded from elsewhere (it opens offline and can be attached to a ticket). The
 * page is also well-formed XML, so the same tools read both.
 */
public final class FleetHtml {
    private FleetHtml() {}

    public static String render(FleetState state) {
        return render(state, null);
    }

    /** As {@link #render(FleetState)}, with the cost and GPU memory lines under the header. */
    public static String render(FleetState state, dev.gpushare.engine.cost.FleetUsage usage) {
        String title = "gpushare fleet · " + state.cluster();
        return "<!DOCTYPE html>\n"
                + "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
                + "<head>\n<meta charset=\"utf-8\"/>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                + "<title>" + Xml.escape(title) + "</title>\n"
                + "<style>\n"
                + "body { margin: 0; padding: 12px; background: #fbfcfd; color: #1b1f24; "
                + "font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; }\n"
                + "main { max-width: " + SvgCanvas.WIDTH + "px; }\n"
                + "svg.fleet { display: block; max-width: 100%; height: auto; }\n"
                + "footer { font-size: 12px; color: #6e7781; margin: 4px 20px; }\n"
                + "</style>\n</head>\n<body>\n<main>\n"
                + SvgCanvas.draw(state, usage)
                + "</main>\n<footer>Drawn by gpushare. Hover a segment or an instance cell for details.</footer>\n"
                + "</body>\n</html>\n";
    }
}
