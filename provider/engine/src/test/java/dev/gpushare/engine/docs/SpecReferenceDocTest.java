package dev.gpushare.engine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SchemaValidator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** docs/spec-reference.md is generated from the schema's descriptions and is up to date. */
class SpecReferenceDocTest {
    @Test
    void theDocsPageIsWhatTheGeneratorWrites() {
        DocFiles.check("spec-reference.md", SpecReferenceGenerator.render());
    }

    @Test
    void everyDescriptionOfTheSchemaIsOnThePage() {
        // the generator must not drop a property: each description appears, as a table cell or a paragraph
        String page = SpecReferenceGenerator.render();
        List<String> descriptions = new ArrayList<>();
        collect(JsonMapper.builder().build().readTree(SchemaValidator.schemaText()), descriptions);
        assertThat(descriptions).hasSizeGreaterThan(40);
        for (String d : descriptions) assertThat(page).as("description on the page").contains(DocFiles.cell(d));
    }

    @Test
    void typesReadAsAPersonWouldWriteThem() {
        JsonMapper m = JsonMapper.builder().build();
        JsonNode defs = m.readTree("{}");
        // table: schema → the type column
        assertThat(SpecReferenceGenerator.type(m.readTree("{\"type\":\"integer\",\"minimum\":1,\"maximum\":48}"), defs))
                .isEqualTo("integer 1 to 48");
        assertThat(SpecReferenceGenerator.type(m.readTree("{\"type\":\"integer\",\"minimum\":0}"), defs))
                .isEqualTo("integer ≥ 0");
        assertThat(SpecReferenceGenerator.type(m.readTree("{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/service\"}}"), defs))
                .isEqualTo("list of [service](#service)");
        assertThat(SpecReferenceGenerator.type(m.readTree("{\"enum\":[\"BINPACK\",\"SPREAD\"]}"), defs))
                .isEqualTo("one of `\"BINPACK\"`, `\"SPREAD\"`");
        assertThat(SpecReferenceGenerator.type(m.readTree("{\"type\":\"string\",\"minLength\":1}"), defs))
                .isEqualTo("non-empty text");
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isObject()) {
            for (String k : node.propertyNames()) {
                JsonNode v = node.get(k);
                if (k.equals("description") && v.isString()) out.add(v.asString());
                else collect(v, out);
            }
        } else if (node.isArray()) {
            for (JsonNode v : node) collect(v, out);
        }
    }
}
