package dev.gpushare.engine.render;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads the picture back as XML: parsing fails on anything not well-formed. */
final class Markup {
    private Markup() {}

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        // No DTD fetching: the HTML's doctype has none, and tests never touch the network.
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** Every element matching the XPath (namespaces ignored via local-name()). */
    static List<Element> select(Document doc, String xpath) throws Exception {
        NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, doc, XPathConstants.NODESET);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) out.add((Element) nodes.item(i));
        return out;
    }

    /** The values of an attribute over every element that has it, in document order. */
    static List<String> values(Document doc, String attribute) throws Exception {
        return select(doc, "//*[@" + attribute + "]").stream().map(e -> e.getAttribute(attribute)).toList();
    }

    static boolean hasClass(Element e, String cls) {
        return List.of(e.getAttribute("class").split("\\s+")).contains(cls);
    }
}
