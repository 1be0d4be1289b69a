package dev.gpushare.server.internal.http;

import java.net.InetAddress;

/**
 * A request's line and headers, as Jetty parsed and checked them.
 *
 * @param method  e.g. {@code GET}
 * @param path    the raw (still encoded) path of the target, without query
 * @param version {@code HTTP/1.1} or {@code HTTP/1.0}
 * @param length  the body's Content-Length, or -1 when chunked or absent ({@link #chunked()} tells)
 */
public record RequestHead(String method, String path, String version, Headers headers, long length, boolean chunked,
                          InetAddress client) {
    /** True when the request carries a body still to be read. */
    public boolean hasBody() {
        return chunked || length > 0;
    }
}
