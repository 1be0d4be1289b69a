package dev.gpushare.engine.render.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.GpuMemory;
import dev.gpushare.engine.cost.PoolUsage;
import dev.gpushare.engine.cost.UsageText;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Unplaced;

import dev.gpushare.model.io.OptionValue;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Draws a {@link FleetState} as SVG: a header with the counts, a legend, one box per group of
 * identical instances (one GPU bar per GPU, a strip of member cells when the box stands for
 * several), then the unplaced copies with their reasons. Coordinates are px; the drawing is
 * {@value #WIDTH} px wide and as tall as its content.
 */
public final class SvgCanvas {
    public static final int WIDTH = 1360;
    static final int MARGIN = 20;
    static final int BOX_PAD = 12;
    static final int LABEL_COLUMN = 270;
    static final int ROW = 30;
    static final int BAR_HEIGHT = 22;
    static final int BOX_HEADER = 44;
    static final int CELL_GAP = 3;
    static final int CELL_HEIGHT = 14;
    static final int BOX_GAP = 14;
    static final int LINE = 18;

    /** The CSS of the drawing; shared with the HTML page. */
    public static final String STYLE = """
            .fleet text { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; fill: #1b1f24; }
            .fleet text { stroke: none; }
            .fleet .title { font-size: 20px; font-weight: bold; }
            .fleet .summary, .fleet .box-sub { font-size: 12px; fill: #505a66; }
            .fleet .box-title { font-size: 14px; font-weight: bold; }
            .fleet .count { fill: #0b5cad; }
            .fleet .box { fill: #ffffff; stroke: #b8c2cc; stroke-width: 1; }
            .fleet .instance-group.unhealthy .box { stroke: #c62828; stroke-width: 2; }
            .fleet .health { fill: #c62828; font-weight: bold; }
            .fleet .gpu-label { font-size: 12px; }
            .fleet .seg-label { font-size: 11px; pointer-events: none; }
            .fleet .gpu-bar { fill: #f6f8fa; stroke: #8c959f; stroke-width: 1; }
            .fleet .mode-fractional .gpu-bar { stroke-dasharray: 5 3; }
            .fleet .allocation, .fleet .partition.used { stroke: #ffffff; stroke-width: 1; }
            .fleet .free { fill: #ffffff; stroke: #8c959f; stroke-dasharray: 2 2; }
            .fleet .free-label, .fleet .outside-label, .fleet .unused-label { fill: #6e7781; font-style: italic; }
            .fleet .idle { fill: url(#hatch-idle); stroke: #8c959f; }
            .fleet .partition.free { fill: #ffffff; stroke: #57606a; stroke-width: 1.5; }
            .fleet .unused { fill: url(#hatch-unused); stroke: #d0d7de; }
            .fleet .outside-slice { fill: none; stroke: #afb8c1; stroke-dasharray: 4 4; }
            .fleet .unit-tick { stroke: #d0d7de; stroke-width: 1; }
            .fleet .gpu-tick { stroke: none; }
            .fleet .member .cell { fill: #eef1f4; stroke: #8c959f; stroke-width: 0.5; }
            .fleet .tick-idle { fill: #c9d1d9; }
            .fleet .tick-used { fill: #0b5cad; }
            .fleet .tick-fractional { fill: #8250df; }
            .fleet .unplaced-title { font-size: 15px; font-weight: bold; fill: #c62828; }
            .fleet .unplaced text { font-size: 12px; }
            .fleet .unplaced .code { font-weight: bold; fill: #c62828; }
            .fleet .legend text { font-size: 12px; }
            """;

    private final StringBuilder out = new StringBuilder();
    private final Function<String, MigGeometry> geometry;
    private final Map<String, String> fills;

    private SvgCanvas(Function<String, MigGeometry> geometry, FleetState state) {
        this.geometry = geometry;
        this.fills = Palette.assign(owners(state));
    }

    private static TreeSet<String> owners(FleetState state) {
        TreeSet<String> owners = new TreeSet<>();
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) owners.add(Palette.owner(a.task()));
        }
        return owners;
    }

    /** The drawing, geometry of MIG GPUs from the built-in catalog. */
    public static String draw(FleetState state) {
        return draw(state, null);
    }

    /** As {@link #draw(FleetState)}, with the fleet's cost and GPU memory lines under the header (null: none). */
    public static String draw(FleetState state, FleetUsage usage) {
        Catalog catalog = Catalog.builtIn();
        return new SvgCanvas(model -> catalog.gpuModel(model).map(GpuModel::mig).orElse(null), state).render(state, usage);
    }

    private String render(FleetState state, FleetUsage usage) {
        List<InstanceGroups.Group> groups = InstanceGroups.of(state.instances());
        StringBuilder body = new StringBuilder();
        int y = header(body, state);
        if (usage != null && !state.instances().isEmpty()) y = cost(body, usage, y);
        y = legend(body, state, y);
        // Unplaced copies first: they are what needs action, and they stay visible on a tall fleet.
        y = unplaced(body, state.unplaced(), y);
        body.append("<g class=\"instances\">\n");
        for (int i = 0; i < groups.size(); i++) y = group(body, groups.get(i), i, y) + BOX_GAP;
        body.append("</g>\n");
        int height = y - BOX_GAP + MARGIN;
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"fleet\" data-cluster=\"")
                .append(Xml.escape(state.cluster())).append("\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\">\n");
        out.append("<title>").append(Xml.escape("Fleet of cluster " + state.cluster())).append("</title>\n");
        out.append("<defs>\n<style>\n").append(STYLE).append("</style>\n")
                .append("<pattern id=\"hatch-idle\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">")
                .append("<rect width=\"8\" height=\"8\" fill=\"#eef1f4\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#c9d1d9\" stroke-width=\"3\"/></pattern>\n")
                .append("<pattern id=\"hatch-unused\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">")
                .append("<rect width=\"6\" height=\"6\" fill=\"#f6f8fa\"/><path d=\"M0 6L6 0\" stroke=\"#d0d7de\" stroke-width=\"1\"/></pattern>\n")
                .append("</defs>\n");
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"#fbfcfd\"/>\n");
        out.append(body);
        out.append("</svg>\n");
        return out.toString();
    }

    private int header(StringBuilder b, FleetState state) {
        FleetState.Summary s = state.summary();
        text(b, MARGIN, 32, "title", "Fleet · " + state.cluster());
        text(b, MARGIN, 52, "summary", count(s.instances(), "instance") + " · " + count(s.gpus(), "GPU") + " · "
                + count(s.allocations(), "allocation") + " · " + s.unplaced() + " unplaced");
        return 62;
    }

    /** The total and one line per capacity provider and endpoint: $/hour, GPU memory, idle GPUs, stranded. */
    private int cost(StringBuilder b, FleetUsage u, int y) {
        b.append("<g class=\"cost\" data-cost-per-hour=\"").append(u.costPerHour().toPlainString())
                .append("\" data-allocated-mib=\"").append(u.memory().allocatedMiB())
                .append("\" data-usable-mib=\"").append(u.memory().usableMiB())
                .append("\" data-stranded-mib=\"").append(u.memory().strandedMiB()).append("\">\n");
        y += LINE;
        text(b, MARGIN, y, "summary", costLine(u.costPerHour(), u.unpricedInstances(), u.memory(), u.idleGpus(), u.gpus())
                + " · " + u.pricing());
        for (PoolUsage p : u.pools()) {
            y += LINE - 2;
            b.append("<g class=\"pool-cost\" data-owner=\"").append(Xml.escape(p.name())).append("\" data-cost-per-hour=\"")
                    .append(p.costPerHour().toPlainString()).append("\">");
            text(b, MARGIN + 12, y, "box-sub", (p.capacityProvider() != null ? "capacity provider " : "endpoint ") + p.name()
                    + " · " + p.instances() + " × " + p.instanceType() + " · "
                    + costLine(p.costPerHour(), p.unpricedInstances(), p.memory(), p.idleGpus(), p.gpus()));
            b.append("</g>\n");
        }
        b.append("</g>\n");
        return y + 4;
    }

    private static String costLine(java.math.BigDecimal cost, int unpriced, GpuMemory m, int idleGpus, int gpus) {
        return "$/hour " + UsageText.cents(cost) + (unpriced > 0 ? " (+" + unpriced + " unpriced)" : "") + " · GPU memory "
                + m.allocatedMiB() + " / " + m.usableMiB() + " MiB allocated ("
                + String.format(Locale.ROOT, "%.1f", m.allocatedPercent()) + "%) · " + m.strandedMiB() + " MiB stranded · "
                + idleGpus + " of " + gpus + " GPUs idle";
    }

    /** One swatch per service or component, by name, then the fixed keys. */
    private int legend(StringBuilder b, FleetState state, int y) {
        TreeSet<String> owners = owners(state);
        b.append("<g class=\"legend\">\n");
        int x = MARGIN;
        y += 14;
        for (String o : owners) {
            int w = 22 + (int) Math.ceil(o.length() * Palette.CHAR_WIDTH_PX) + 18;
            if (x + w > WIDTH - MARGIN) { x = MARGIN; y += LINE; }
            b.append("<g class=\"legend-item\" data-owner=\"").append(Xml.escape(o)).append("\">");
            rect(b, x, y - 10, 14, 12, "swatch", fills.get(o));
            text(b, x + 20, y, null, o);
            b.append("</g>\n");
            x += w;
        }
        // Keys only for what this picture shows.
        java.util.EnumSet<GpuMode> modes = java.util.EnumSet.noneOf(GpuMode.class);
        state.instances().forEach(i -> i.gpus().forEach(g -> modes.add(g.mode())));
        List<String[]> keys = new java.util.ArrayList<>();
        if (modes.contains(GpuMode.IDLE)) keys.add(new String[] {"idle", "idle GPU"});
        if (modes.contains(GpuMode.MPS)) keys.add(new String[] {"free", "free MPS memory"});
        if (modes.contains(GpuMode.MIG)) {
            keys.add(new String[] {"partition free", "free MIG instance"});
            keys.add(new String[] {"unused", "units outside any MIG instance"});
        }
        if (modes.contains(GpuMode.FRACTIONAL)) keys.add(new String[] {"outside-slice", "rest of a fractional GPU"});
        if (!owners.isEmpty() && !keys.isEmpty()) { x = MARGIN; y += LINE; }
        for (String[] k : keys) {
            int w = 22 + (int) Math.ceil(k[1].length() * Palette.CHAR_WIDTH_PX) + 18;
            if (x + w > WIDTH - MARGIN) { x = MARGIN; y += LINE; }
            rect(b, x, y - 10, 14, 12, k[0], null);
            text(b, x + 20, y, null, k[1]);
            x += w;
        }
        b.append("</g>\n");
        return y + 14;
    }

    private int group(StringBuilder b, InstanceGroups.Group group, int index, int y) {
        Instance first = group.first();
        boolean grouped = group.count() > 1;
        int innerWidth = WIDTH - 2 * MARGIN;
        int cellWidth = Math.max(12, first.gpus().size() * 4 + 4);
        int perRow = Math.max(1, (innerWidth - 2 * BOX_PAD) / (cellWidth + CELL_GAP));
        int stripRows = grouped ? (group.count() + perRow - 1) / perRow : 0;
        int height = BOX_HEADER + first.gpus().size() * ROW + (grouped ? 20 + stripRows * (CELL_HEIGHT + CELL_GAP) : 0) + 6;

        b.append("<g class=\"instance-group").append(first.healthy() ? "" : " unhealthy")
                .append("\" id=\"group-").append(index).append("\" data-group=\"").append(index)
                .append("\" data-count=\"").append(group.count()).append("\" data-instance-type=\"")
                .append(Xml.escape(first.instanceType())).append("\" data-owner=\"").append(Xml.escape(first.owner().name()))
                .append("\" transform=\"translate(").append(MARGIN).append(',').append(y).append(")\">\n");
        b.append("<rect class=\"box\" x=\"0\" y=\"0\" rx=\"6\" width=\"").append(innerWidth).append("\" height=\"").append(height).append("\"/>\n");
        String ownerKind = first.owner() instanceof Owner.CapacityProvider ? "capacity provider " : "endpoint ";
        if (grouped) {
            b.append("<text class=\"box-title\" x=\"").append(BOX_PAD).append("\" y=\"20\"><tspan class=\"count\">")
                    .append(group.count()).append(" ×</tspan> ").append(Xml.escape(first.instanceType())).append("</text>\n");
            text(b, BOX_PAD, 36, "box-sub", ownerKind + first.owner().name() + " · " + group.count()
                    + " identical instances, drawn once: " + first.id() + " … " + group.members().get(group.count() - 1).id());
        } else {
            String health = first.healthy() ? "" : "  UNHEALTHY" + (first.healthReason() == null ? "" : ": " + first.healthReason());
            b.append("<text class=\"box-title\" x=\"").append(BOX_PAD).append("\" y=\"20\">").append(Xml.escape(first.id().toString()))
                    .append("<tspan class=\"health\">").append(Xml.escape(health)).append("</tspan></text>\n");
            text(b, BOX_PAD, 36, "box-sub", first.instanceType() + " · " + ownerKind + first.owner().name());
        }
        // The detailed drawing: the instance itself, or the pattern every member shares.
        if (grouped) b.append("<g class=\"pattern\">\n");
        else b.append("<g class=\"instance\" data-instance=\"").append(Xml.escape(first.id().toString())).append("\">\n");
        int rowY = BOX_HEADER;
        for (Gpu g : first.gpus()) {
            gpuRow(b, first, g, grouped, rowY);
            rowY += ROW;
        }
        b.append("</g>\n");
        if (grouped) members(b, group, rowY + 4, cellWidth, perRow);
        b.append("</g>\n");
        return y + height;
    }

    private void gpuRow(StringBuilder b, Instance inst, Gpu g, boolean grouped, int y) {
        String mode = OptionValue.of(g.mode());
        b.append("<g class=\"gpu mode-").append(mode).append('"');
        if (grouped) b.append(" data-pattern-gpu=\"").append(g.index()).append('"');
        else b.append(" data-gpu=\"").append(Xml.escape(inst.id() + "/" + g.index())).append('"');
        b.append(" data-mode=\"").append(g.mode()).append("\">\n");
        String label = "GPU " + g.index() + " · " + g.model() + " · " + g.memoryMiB() + " MiB · " + g.mode()
                + (g.fraction() != null ? " " + g.fraction().stripTrailingZeros().toPlainString() : "");
        text(b, BOX_PAD, y + 15, "gpu-label", Xml.fit(label, LABEL_COLUMN - 8));
        int barX = BOX_PAD + LABEL_COLUMN;
        int barWidth = WIDTH - 2 * MARGIN - barX - BOX_PAD;
        b.append("<rect class=\"gpu-bar\" x=\"").append(barX).append("\" y=\"").append(y).append("\" width=\"")
                .append(barWidth).append("\" height=\"").append(BAR_HEIGHT).append("\"/>\n");
        MigGeometry geo = g.mode() == GpuMode.MIG ? geometry.apply(g.model()) : null;
        for (Segment s : GpuBar.segments(g, geo, grouped, barWidth)) segment(b, s, barX, y, grouped);
        if (g.mode() == GpuMode.MIG) {
            int units = geo != null ? geo.placementUnits() : GpuBar.DEFAULT_PLACEMENT_UNITS;
            for (int u = 1; u < units; u++) {
                double x = barX + (double) u * barWidth / units;
                b.append("<line class=\"unit-tick\" x1=\"").append(fmt(x)).append("\" y1=\"").append(y + BAR_HEIGHT)
                        .append("\" x2=\"").append(fmt(x)).append("\" y2=\"").append(y + BAR_HEIGHT + 4).append("\"/>\n");
            }
        }
        b.append("</g>\n");
    }

    private void segment(StringBuilder b, Segment s, int barX, int y, boolean grouped) {
        if (s.width() < 0.5) return;
        String cls = switch (s.kind()) {
            case ALLOCATION -> "segment allocation";
            case FREE -> "segment free";
            case IDLE -> "segment idle";
            case PARTITION -> "segment partition " + (s.task() == null ? "free" : "used");
            case UNUSED -> "segment unused";
            case OUTSIDE_SLICE -> "segment outside-slice";
        };
        b.append("<g class=\"").append(cls).append('"');
        if (s.owner() != null) b.append(" data-owner=\"").append(Xml.escape(s.owner())).append('"');
        if (s.task() != null && !grouped) b.append(" data-task=\"").append(Xml.escape(s.task())).append('"');
        if (s.profile() != null) b.append(" data-profile=\"").append(Xml.escape(s.profile())).append("\" data-start=\"").append(s.start()).append('"');
        b.append('>');
        b.append("<title>").append(Xml.escape(s.title())).append("</title>");
        double x = barX + s.x();
        b.append("<rect x=\"").append(fmt(x + 0.5)).append("\" y=\"").append(y + 0.5).append("\" width=\"")
                .append(fmt(Math.max(0.5, s.width() - 1))).append("\" height=\"").append(BAR_HEIGHT - 1).append('"');
        if (s.owner() != null) b.append(" fill=\"").append(fills.get(s.owner())).append('"');
        b.append("/>");
        String label = Xml.fitFirst(s.labels(), s.width() - 8);
        if (!label.isEmpty()) {
            String labelCls = switch (s.kind()) {
                case FREE -> "seg-label free-label";
                case OUTSIDE_SLICE -> "seg-label outside-label";
                case UNUSED -> "seg-label unused-label";
                default -> "seg-label";
            };
            b.append("<text class=\"").append(labelCls).append("\" x=\"").append(fmt(x + 4)).append("\" y=\"").append(y + 15)
                    .append("\">").append(Xml.escape(label)).append("</text>");
        }
        b.append("</g>\n");
    }

    /** One small cell per member instance, a tick per GPU inside it, so every instance stays findable. */
    private void members(StringBuilder b, InstanceGroups.Group group, int y, int cellWidth, int perRow) {
        text(b, BOX_PAD, y + 10, "box-sub", "Instances (hover for the id):");
        b.append("<g class=\"members\">\n");
        int top = y + 16;
        for (int i = 0; i < group.count(); i++) {
            Instance m = group.members().get(i);
            int cx = BOX_PAD + (i % perRow) * (cellWidth + CELL_GAP);
            int cy = top + (i / perRow) * (CELL_HEIGHT + CELL_GAP);
            b.append("<g class=\"instance member\" data-instance=\"").append(Xml.escape(m.id().toString())).append("\"><title>")
                    .append(Xml.escape(m.id().toString())).append("</title>");
            b.append("<rect class=\"cell\" x=\"").append(cx).append("\" y=\"").append(cy).append("\" width=\"")
                    .append(cellWidth).append("\" height=\"").append(CELL_HEIGHT).append("\"/>");
            for (Gpu g : m.gpus()) {
                String tick = switch (g.mode()) {
                    case IDLE -> "tick-idle";
                    case FRACTIONAL -> "tick-fractional";
                    case DEDICATED, MPS, MIG, TIME_SLICING -> "tick-used";
                };
                b.append("<rect class=\"gpu-tick ").append(tick).append("\" data-gpu=\"").append(Xml.escape(m.id() + "/" + g.index()))
                        .append("\" x=\"").append(cx + 2 + g.index() * 4).append("\" y=\"").append(cy + 3)
                        .append("\" width=\"3\" height=\"").append(CELL_HEIGHT - 6).append("\"/>");
            }
            b.append("</g>\n");
        }
        b.append("</g>\n");
    }

    private int unplaced(StringBuilder b, List<Unplaced> unplaced, int y) {
        if (unplaced.isEmpty()) return y;
        y += 12;
        b.append("<g class=\"unplaced-list\">\n");
        text(b, MARGIN, y, "unplaced-title", unplaced.size() + " unplaced");
        y += LINE + 2;
        for (Unplaced u : unplaced) {
            b.append("<g class=\"unplaced\" data-task=\"").append(Xml.escape(u.task().toString())).append("\" data-code=\"")
                    .append(Xml.escape(u.code().name())).append("\"><title>").append(Xml.escape(u.task() + ": " + u.code() + ": " + u.message()))
                    .append("</title>");
            text(b, MARGIN, y, null, u.task().toString());
            text(b, MARGIN + 200, y, "code", u.code().name());
            text(b, MARGIN + 430, y, null, Xml.fit(u.message(), WIDTH - 2 * MARGIN - 430));
            b.append("</g>\n");
            y += LINE;
        }
        b.append("</g>\n");
        return y - 4;
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static void text(StringBuilder b, int x, int y, String cls, String s) {
        b.append("<text");
        if (cls != null) b.append(" class=\"").append(cls).append('"');
        b.append(" x=\"").append(x).append("\" y=\"").append(y).append("\">").append(Xml.escape(s)).append("</text>\n");
    }

    private static void rect(StringBuilder b, int x, int y, int w, int h, String cls, String fill) {
        b.append("<rect class=\"").append(cls).append("\" x=\"").append(x).append("\" y=\"").append(y)
                .append("\" width=\"").append(w).append("\" height=\"").append(h).append('"');
        if (fill != null) b.append(" fill=\"").append(fill).append('"');
        b.append("/>");
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
