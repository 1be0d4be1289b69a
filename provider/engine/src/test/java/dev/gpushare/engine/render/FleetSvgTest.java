package dev.gpushare.engine.render;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FleetSvgTest {

    static List<String> instanceIds(FleetState s) {
        return s.instances().stream().map(i -> i.id().toString()).toList();
    }

    static List<String> gpuIds(FleetState s) {
        return s.instances().stream().flatMap(i -> i.gpus().stream().map(g -> i.id() + "/" + g.index())).toList();
    }

    @Test
    void isWellFormedSvgWithEveryInstanceAndGpuExactlyOnce() throws Exception {
        FleetState state = FleetStates.mixed();
        Document doc = Markup.parse(FleetSvg.render(state));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(Markup.values(doc, "data-instance")).containsExactlyInAnyOrderElementsOf(instanceIds(state));
        assertThat(Markup.values(doc, "data-gpu")).containsExactlyInAnyOrderElementsOf(gpuIds(state));
    }

    @Test
    void eachGpuIsDrawnInItsMode() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetStates.mixed()));
        assertThat(gpu(doc, "l4-shared-0/0").getAttribute("class")).isEqualTo("gpu mode-mps");
        assertThat(gpu(doc, "l4-shared-0/2").getAttribute("class")).isEqualTo("gpu mode-idle");
        assertThat(gpu(doc, "l4-quarter-0/0").getAttribute("class")).isEqualTo("gpu mode-fractional");
        // Idle GPUs get the hatched idle segment; the fractional slice shows the rest of its L4 apart.
        assertThat(segments(doc, "l4-shared-0/2")).extracting(e -> e.getAttribute("class")).containsExactly("segment idle");
        assertThat(segments(doc, "l4-quarter-0/0")).extracting(e -> e.getAttribute("class"))
                .containsExactly("segment allocation", "segment outside-slice");
    }

    @Test
    void mpsSegmentsAreLabelledWithTaskAndMiBAndSizedByMemory() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetStates.mixed()));
        List<Element> segs = segments(doc, "l4-shared-0/0");
        assertThat(segs).extracting(e -> e.getAttribute("data-task")).containsExactly("embedder/0", "embedder/1", "reranker/0", "");
        assertThat(segs.get(0).getTextContent()).contains("embedder/0 · 4096 MiB · 25%");
        assertThat(segs.get(3).getTextContent()).contains("free 12323 MiB"); // 22563 − 2·4096 − 2048 = 12323
        // Width ∝ memory: 4096 MiB is twice 2048 MiB.
        assertThat(width(segs.get(0)) + 1).isCloseTo(2 * (width(segs.get(2)) + 1), within(0.2));
        // Same service, same colour; another service, another colour.
        assertThat(fill(segs.get(0))).isEqualTo(fill(segs.get(1))).isNotEqualTo(fill(segs.get(2)));
    }

    @Test
    void migPartitionsSitAtTheirStartUnit() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetStates.mixed()));
        Element bar = rect(gpu(doc, "partition-demo-0/2"), "gpu-bar");
        double barX = Double.parseDouble(bar.getAttribute("x"));
        double barW = Double.parseDouble(bar.getAttribute("width"));
        List<Element> parts = segments(doc, "partition-demo-0/2");
        // A100-40GB has 8 placement units: 4g.20gb covers 0–3, 3g.20gb starts at unit 4 = half the bar.
        assertThat(parts).extracting(e -> e.getAttribute("data-profile"), e -> e.getAttribute("data-start"), e -> e.getAttribute("class"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("4g.20gb", "0", "segment partition free"),
                        org.assertj.core.groups.Tuple.tuple("3g.20gb", "4", "segment partition used"));
        assertThat(x(parts.get(1)) - barX).isCloseTo(barW / 2, within(1.0));
        assertThat(width(parts.get(1)) + 1).isCloseTo(barW / 2, within(1.0));
        assertThat(parts.get(1).getAttribute("data-task")).isEqualTo("demo-ic-3g/2");
        assertThat(parts.get(1).getTextContent()).contains("demo-ic-3g/2 · 3g.20gb @4");
    }

    @Test
    void unplacedCopiesAreListedWithTheirReason() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetStates.mixed()));
        List<Element> unplaced = Markup.select(doc, "//*[@class='unplaced']");
        assertThat(unplaced).extracting(e -> e.getAttribute("data-task"), e -> e.getAttribute("data-code")).containsExactly(
                org.assertj.core.groups.Tuple.tuple("embedder/11", "MAX_INSTANCES_REACHED"),
                org.assertj.core.groups.Tuple.tuple("trainer/1", "INSUFFICIENT_GPUS"));
        assertThat(unplaced.get(0).getTextContent()).contains("raise maxInstances to 2");
    }

    @Test
    void anUnhealthyInstanceShowsItsReason() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetStates.mixed()));
        Element group = (Element) Markup.select(doc, "//*[@data-instance='l4-shared-1']").get(0).getParentNode();
        assertThat(Markup.hasClass(group, "unhealthy")).isTrue();
        assertThat(group.getTextContent()).contains("UNHEALTHY: MPS control daemon is not responding");
    }

    @Test
    void twoHundredInstancesCollapseIntoThreeBoxesWithCounts() throws Exception {
        FleetState state = FleetStates.large();
        String svg = FleetSvg.render(state);
        Document doc = Markup.parse(svg);
        List<Element> groups = Markup.select(doc, "//*[@data-group]");
        // 150 MPS-packed + 49 with one trainer + 1 idle: copy numbers differ, patterns do not.
        assertThat(groups).extracting(e -> e.getAttribute("data-count")).containsExactly("150", "49", "1");
        assertThat(groups.get(0).getTextContent()).contains("150 ×").contains("embedder · 5120 MiB · 25%");
        // Every instance and GPU is still there, once each, as a member cell and its ticks.
        assertThat(Markup.values(doc, "data-instance")).containsExactlyInAnyOrderElementsOf(instanceIds(state));
        assertThat(Markup.values(doc, "data-gpu")).containsExactlyInAnyOrderElementsOf(gpuIds(state));
        // Readable: three boxes fit in a few screens instead of 200 boxes × 4 bars.
        int height = Integer.parseInt(doc.getDocumentElement().getAttribute("height"));
        assertThat(height).isLessThan(900);
    }

    @Test
    void theSamePictureEveryTime() {
        assertThat(FleetSvg.render(FleetStates.mixed())).isEqualTo(FleetSvg.render(FleetStates.mixed()));
    }

    @Test
    void namesCannotBreakTheMarkup() throws Exception {
        FleetState state = new FleetState("a<b & \"c\"", List.of(FleetStates.provider("x<&>'\"", "p&q", "g6.xlarge",
                FleetStates.gpu(0, dev.gpushare.engine.state.GpuMode.MPS, FleetStates.mps("s<1>/0", 100, null)))), List.of());
        Document doc = Markup.parse(FleetSvg.render(state));
        assertThat(Markup.values(doc, "data-instance")).containsExactly("x<&>'\"");
        assertThat(doc.getDocumentElement().getAttribute("data-cluster")).isEqualTo("a<b & \"c\"");
    }

    @Test
    void anEmptyFleetIsAPictureToo() throws Exception {
        Document doc = Markup.parse(FleetSvg.render(FleetState.empty("nothing-yet")));
        assertThat(doc.getDocumentElement().getTextContent()).contains("0 instances");
    }

    private static Element gpu(Document doc, String id) throws Exception {
        return Markup.select(doc, "//*[@data-gpu='" + id + "']").get(0);
    }

    private static List<Element> segments(Document doc, String gpuId) throws Exception {
        return Markup.select(doc, "//*[@data-gpu='" + gpuId + "']/*[contains(@class, 'segment')]");
    }

    private static Element rect(Element parent, String cls) throws Exception {
        for (var n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && Markup.hasClass(e, cls)) return e;
        }
        throw new AssertionError("no ." + cls);
    }

    private static Element innerRect(Element segment) {
        return (Element) segment.getElementsByTagNameNS("*", "rect").item(0);
    }

    private static double x(Element segment) {
        return Double.parseDouble(innerRect(segment).getAttribute("x"));
    }

    private static double width(Element segment) {
        return Double.parseDouble(innerRect(segment).getAttribute("width"));
    }

    private static String fill(Element segment) {
        return innerRect(segment).getAttribute("fill");
    }

}
