package dev.gpushare.server.internal;

import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * A handler's answer: a status and a JSON body, or a text body with its content type.
 *
 * @param gzipped the body's gzip encoding when the handler keeps one (a kept state), else {@code null}: the
 *     front sends it to a client whose {@code Accept-Encoding} takes gzip
 */
public record Reply(int status, String contentType, byte[] body, Supplier<byte[]> gzipped) {

    public Reply(int status, String contentType, byte[] body) {
        this(status, contentType, body, null);
    }

    public static Reply json(int status, JsonNode node) {
        return new Reply(status, "application/json", ServiceWire.MAPPER.writeValueAsBytes(node));
    }

    public static Reply text(int status, String contentType, String text) {
        return new Reply(status, contentType, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
