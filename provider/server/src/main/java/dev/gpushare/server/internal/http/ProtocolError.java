package dev.gpushare.server.internal.http;

/**
 * A request that is not well-formed HTTP/1.1 (a bad line, header or length, both Content-Length
 * and Transfer-Encoding, headers over the limit), as Jetty's parser refused it: answered with
 * {@code status} and closed, since where the next request would start is not known.
 */
public final class ProtocolError extends Exception {
    public final int status;
    /** The {@code ServiceCode} name the answer carries. */
    public final String code;

    ProtocolError(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }
}
