package dev.gpushare.engine.interop.cloudformation;

import dev.gpushare.model.io.DocumentMappers;
import java.util.Map;
import java.util.function.BiConsumer;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * A {@link Template} as the text CloudFormation reads: JSON, or YAML with the long forms of the
 * intrinsic functions ({@code Ref:}, {@code Fn::GetAtt:}), which CloudFormation, cfn-lint and the
 * CDK's {@code CfnInclude} read as they read JSON. Every YAML string is quoted, so that no value
 * (the format version {@code 2010-09-09}, a GPU count {@code "2"}) is read back as a date or number.
 */
public final class TemplateWriter {
    /** The only template format version CloudFormation has. */
    public static final String FORMAT_VERSION = "2010-09-09";

    private static final ObjectMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.INDENT_ARRAYS_WITH_INDICATOR)
            .enable(YAMLWriteFeature.LITERAL_BLOCK_STYLE)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private TemplateWriter() {}

    public static String yaml(Template t) {
        return YAML.writeValueAsString(tree(t));
    }

    public static String json(Template t) {
        return DocumentMappers.JSON.writeValueAsString(tree(t)) + "\n";
    }

    /** The template document as a tree, sections in CloudFormation's order, empty ones left out. */
    public static ObjectNode tree(Template t) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("AWSTemplateFormatVersion", FORMAT_VERSION);
        root.put("Description", t.description());
        if (!t.metadata().isEmpty()) root.set("Metadata", objectOf(t.metadata()));
        if (!t.parameters().isEmpty()) entries(root.putObject("Parameters"), t.parameters(), TemplateWriter::parameter);
        if (!t.conditions().isEmpty()) root.set("Conditions", objectOf(t.conditions()));
        entries(root.putObject("Resources"), t.resources(), TemplateWriter::resource);
        if (!t.outputs().isEmpty()) entries(root.putObject("Outputs"), t.outputs(), TemplateWriter::output);
        return root;
    }

    /** One object per entry of {@code entries}, under its logical id, written by {@code write}. */
    private static <T> void entries(ObjectNode section, Map<String, T> entries, BiConsumer<ObjectNode, T> write) {
        entries.forEach((id, entry) -> write.accept(section.putObject(id), entry));
    }

    private static void parameter(ObjectNode n, Template.Parameter p) {
        n.put("Type", p.type());
        n.put("Description", p.description());
        if (p.defaultValue() != null) n.put("Default", p.defaultValue());
    }

    private static void resource(ObjectNode n, Template.Resource r) {
        n.put("Type", r.type());
        if (!r.dependsOn().isEmpty()) r.dependsOn().forEach(n.putArray("DependsOn")::add);
        n.set("Properties", r.properties());
    }

    private static void output(ObjectNode n, Template.Output o) {
        n.put("Description", o.description());
        n.set("Value", o.value());
    }

    private static ObjectNode objectOf(Map<String, JsonNode> entries) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        entries.forEach(n::set);
        return n;
    }
}
