package dev.gpushare.server.internal.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Reads and checks a request's line and headers, strictly: whatever could be read two ways by two
 * parsers (both Content-Length and Transfer-Encoding, differing lengths, folded or nameless
 * header lines, a bare CR) is refused, so no request can be smuggled past a proxy in front.
 */
final class HeadReader {
    private static final Pattern METHOD = Pattern.compile("[A-Z]{1,16}");
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern LENGTH = Pattern.compile("[0-9]{1,18}");
    /** Header fields at most: a real client sends a dozen. */
    static final int MAX_FIELDS = 100;

    private HeadReader() {}

    /**
     * The next request's head, or null when the client closed the connection between requests.
     *
     * @param first the request's first byte, already read (the caller waited for it)
     */
    static RequestHead read(int first, InputStream in, int maxBytes, InetAddress client) throws IOException, ProtocolError {
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        int total = 0;
        String requestLine = null;
        Headers headers = new Headers();
        int fields = 0;
        int b = first;
        while (true) {
            if (b < 0) throw new IOException("the connection ended inside the request headers");
            if (++total > maxBytes) {
                throw new ProtocolError(431, "HEADERS_TOO_LARGE", "the request line and headers are over " + maxBytes
                        + " bytes; send fewer or shorter headers");
            }
            if (b == '\n') {
                String text = text(line);
                line.reset();
                if (requestLine == null) {
                    if (text.isEmpty()) { // a stray CRLF before a request is allowed (RFC 9112 §2.2)
                        b = in.read();
                        continue;
                    }
                    requestLine = text;
                } else if (text.isEmpty()) {
                    return head(requestLine, headers, client);
                } else {
                    if (++fields > MAX_FIELDS) {
                        throw new ProtocolError(431, "HEADERS_TOO_LARGE", "more than " + MAX_FIELDS + " header fields");
                    }
                    field(text, headers);
                }
            } else if (b == '\r') {
                int next = in.read();
                if (next != '\n') throw new ProtocolError(400, "MALFORMED_REQUEST", "a bare CR in the request head");
                b = next;
                continue;
            } else {
                line.write(b);
            }
            b = in.read();
        }
    }

    private static String text(ByteArrayOutputStream line) throws ProtocolError {
        byte[] bytes = line.toByteArray();
        for (byte c : bytes) {
            int v = c & 0xFF;
            if ((v < 0x20 && v != '\t') || v == 0x7F) {
                throw new ProtocolError(400, "MALFORMED_REQUEST", "a control character in the request head");
            }
        }
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static void field(String text, Headers headers) throws ProtocolError {
        if (text.charAt(0) == ' ' || text.charAt(0) == '\t') {
            throw new ProtocolError(400, "MALFORMED_REQUEST", "a folded header line (obs-fold) is not accepted");
        }
        int colon = text.indexOf(':');
        if (colon <= 0 || !TOKEN.matcher(text.substring(0, colon)).matches()) {
            throw new ProtocolError(400, "MALFORMED_REQUEST", "a header line without a valid name");
        }
        headers.add(text.substring(0, colon), text.substring(colon + 1).strip());
    }

    private static RequestHead head(String line, Headers headers, InetAddress client) throws ProtocolError {
        String[] parts = line.split(" ", -1);
        if (parts.length != 3 || !METHOD.matcher(parts[0]).matches() || parts[1].isEmpty()) {
            throw new ProtocolError(400, "MALFORMED_REQUEST", "the request line is not METHOD /path HTTP/1.1");
        }
        if (!parts[2].equals("HTTP/1.1") && !parts[2].equals("HTTP/1.0")) {
            throw new ProtocolError(505, "MALFORMED_REQUEST", "only HTTP/1.1 (and 1.0) is served, not " + parts[2]);
        }
        String target = parts[1];
        if (!target.startsWith("/") || target.length() > 8192) {
            throw new ProtocolError(400, "MALFORMED_REQUEST", "the request target must be a path starting with /, at most 8192 characters");
        }
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        long length = -1;
        for (String v : headers.all("Content-Length")) {
            for (String one : v.split(",", -1)) {
                String n = one.strip();
                if (!LENGTH.matcher(n).matches()) {
                    throw new ProtocolError(400, "BAD_CONTENT_LENGTH", "Content-Length is not a number of bytes");
                }
                long value = Long.parseLong(n);
                if (length >= 0 && value != length) {
                    throw new ProtocolError(400, "BAD_CONTENT_LENGTH", "the request gives two different Content-Lengths");
                }
                length = value;
            }
        }
        boolean chunked = false;
        if (!headers.all("Transfer-Encoding").isEmpty()) {
            if (headers.all("Transfer-Encoding").size() != 1 || !headers.first("Transfer-Encoding").equalsIgnoreCase("chunked")) {
                throw new ProtocolError(501, "MALFORMED_REQUEST", "only Transfer-Encoding: chunked is understood");
            }
            if (length >= 0) {
                throw new ProtocolError(400, "BAD_CONTENT_LENGTH", "a request may not give both Content-Length and Transfer-Encoding");
            }
            chunked = true;
        }
        return new RequestHead(parts[0], path, parts[2], headers, length, chunked, client);
    }
}
