package dev.gpushare.engine.interop;

import tools.jackson.databind.JsonNode;

/**
 * One request document for a cloud API, ready to be written as JSON.
 *
 * @param fileName a file name for it (no directory), unique within one export, e.g.
 *                 {@code embedder.task-definition.json}
 * @param kind     the API call it is the input of, e.g. {@code RegisterTaskDefinition}
 * @param body     the request body
 */
public record ExportedDocument(String fileName, String kind, JsonNode body) {}
