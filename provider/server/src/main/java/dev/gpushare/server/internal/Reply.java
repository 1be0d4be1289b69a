package dev.gpushare.server.internal;

import tools.jackson.databind.JsonNode;

/** A handler's answer: a status and a JSON body, or a text body with its content type. */
public record Reply(int status, String contentType, byte[] body) {

    public static Reply json(int status, JsonNode node) {
        return new Reply(status, "application/json", ServiceWire.MAPPER.writeValueAsBytes(node));
    }

    public static Reply text(int status, String contentType, String text) {
        return new Reply(status, contentType, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
