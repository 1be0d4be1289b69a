package dev.gpushare.server.internal.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a request body of known length or in chunks, never past the limit. */
final class BodyReader {
    private BodyReader() {}

    /** Thrown when a chunked body grows past the limit (a known length is checked before reading). */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    static byte[] read(RequestHead head, InputStream in, long limit) throws IOException, TooLarge, ProtocolError {
        if (!head.chunked()) {
            if (head.length() <= 0) return new byte[0];
            byte[] body = in.readNBytes((int) head.length());
            if (body.length != head.length()) throw new IOException("the body ended after " + body.length + " of " + head.length() + " bytes");
            return body;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in);
            int semi = sizeLine.indexOf(';');
            String hex = (semi < 0 ? sizeLine : sizeLine.substring(0, semi)).strip();
            if (hex.isEmpty() || hex.length() > 8 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw new ProtocolError(400, "MALFORMED_REQUEST", "a chunk size is not a hexadecimal number");
            }
            long size = Long.parseLong(hex, 16);
            if (size == 0) break;
            if (out.size() + size > limit) throw new TooLarge();
            byte[] chunk = in.readNBytes((int) size);
            if (chunk.length != size) throw new IOException("the body ended inside a chunk");
            out.write(chunk);
            if (!line(in).isEmpty()) throw new ProtocolError(400, "MALFORMED_REQUEST", "a chunk is longer than its size");
        }
        // trailers, up to an empty line; a few are allowed, none is used
        for (int n = 0; ; n++) {
            if (line(in).isEmpty()) break;
            if (n > 20) throw new ProtocolError(400, "MALFORMED_REQUEST", "too many trailer fields");
        }
        return out.toByteArray();
    }

    /** A CRLF- (or LF-) ended line of at most 1024 bytes. */
    private static String line(InputStream in) throws IOException, ProtocolError {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) throw new IOException("the body ended early");
            if (b == '\n') break;
            if (b != '\r') sb.append((char) b);
            if (sb.length() > 1024) throw new ProtocolError(400, "MALFORMED_REQUEST", "a chunk line is too long");
        }
        return sb.toString();
    }
}
