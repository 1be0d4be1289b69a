package dev.gpushare.server.internal.http;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * An answer to write: status, content type, body and extra headers. {@code close} ends the
 * connection after it (a refused request whose body was not read, a protocol error).
 *
 * @param body the bytes to write, from its position to its limit: a heap buffer around an answer made for
 *     this request, or a read-only view of a kept answer's direct buffer (written as it is, no copy); {@link
 *     Exchange#write} takes its own view, so one {@code Response} can be written more than once
 */
public record Response(int status, String contentType, ByteBuffer body, Map<String, String> headers, boolean close) {
    public Response {
        headers = Map.copyOf(headers);
        body = body.asReadOnlyBuffer();
    }

    public Response(int status, String contentType, byte[] body, Map<String, String> headers, boolean close) {
        this(status, contentType, ByteBuffer.wrap(body), headers, close);
    }

    /** A copy of the body's bytes. */
    public byte[] bytes() {
        ByteBuffer b = body.duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
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
