package dev.gpushare.model.io;

import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * The Jackson configuration of the documents gpushare writes for people and their tools: a spec
 * ({@link SpecWriter}), the spec fragment of an import, a CloudFormation template. What they share
 * is configured here once; a writer that needs more derives its mapper from these.
 */
public final class DocumentMappers {
    /** Pretty JSON (two-space indent, {@code "key" : value}), decimals in plain notation (never an exponent). */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    /** YAML without the {@code ---} start line, strings quoted only where YAML needs it. */
    public static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .build();

    private DocumentMappers() {}
}
