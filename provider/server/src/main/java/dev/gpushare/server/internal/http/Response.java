package dev.gpushare.server.internal.http;

import java.util.Map;
import java.util.TreeMap;

/**
 * An answer to write: status, content type, body and extra headers. {@code close} ends the
 * connection after it (a refused request whose body was not read, a protocol error).
 */
public record Response(int status, String contentType, byte[] body, Map<String, String> headers, boolean close) {
    public Response {
        headers = Map.copyOf(headers);
    }

    public Response closing() {
        return new Response(status, contentType, body, headers, true);
    }

    public Response withHeader(String name, String value) {
        Map<String, String> h = new TreeMap<>(headers);
        h.put(name, value);
        return new Response(status, contentType, body, h, close);
    }
}
