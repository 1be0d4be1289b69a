package dev.gpushare.server.internal;

import tools.jackson.databind.JsonNode;

/**
 * A handler's answer: a status and a JSON body, or a text body with its content type.
 *
 * @param body the bytes of an answer made for this request; {@code null} when {@code kept} has them
 * @param kept an answer kept across requests (a state), written from its kept buffers in the encoding the client
 *     takes (gzip when its {@code Accept-Encoding} does), else {@code null}
 */
public record Reply(int status, String contentType, byte[] body, KeptAnswer kept) {

    public Reply(int status, String contentType, byte[] body) {
        this(status, contentType, body, null);
    }

    static Reply kept(int status, String contentType, KeptAnswer kept) {
        return new Reply(status, contentType, null, kept);
    }

    public static Reply json(int status, JsonNode node) {
        return new Reply(status, "application/json", ServiceWire.MAPPER.writeValueAsBytes(node));
    }

    public static Reply text(int status, String contentType, String text) {
        return new Reply(status, contentType, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
