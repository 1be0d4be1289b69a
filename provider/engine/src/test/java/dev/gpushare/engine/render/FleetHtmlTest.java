package dev.gpushare.engine.render;

import dev.gpushare.engine.state.FleetState;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

class FleetHtmlTest {

    @Test
    void isOneWellFormedPageWithTheInlineSvg() throws Exception {
        FleetState state = FleetStates.mixed();
        Document doc = Markup.parse(FleetHtml.render(state));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("html");
        assertThat(Markup.select(doc, "//*[local-name()='svg' and @class='fleet']")).hasSize(1);
        assertThat(Markup.values(doc, "data-instance")).containsExactlyInAnyOrderElementsOf(FleetSvgTest.instanceIds(state));
        assertThat(Markup.values(doc, "data-gpu")).containsExactlyInAnyOrderElementsOf(FleetSvgTest.gpuIds(state));
        assertThat(Markup.select(doc, "//*[local-name()='title']").get(0).getTextContent())
                .isEqualTo("gpushare fleet · inference-prod");
    }

    @Test
    void loadsNothingFromElsewhere() throws Exception {
        String html = FleetHtml.render(FleetStates.mixed());
        Document doc = Markup.parse(html);
        // No scripts, stylesheets, images or fonts by reference; the only URLs are XML namespaces.
        assertThat(Markup.select(doc, "//*[@src or @href or local-name()='link' or local-name()='script' or local-name()='img']")).isEmpty();
        assertThat(html.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xhtml", ""))
                .doesNotContain("http:").doesNotContain("https:").doesNotContain("@import").doesNotContain("url(http");
    }
}
