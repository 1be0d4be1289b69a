package dev.gpushare.server.internal.http;

/** What the transport asks of the API at each step of a request. */
public interface Handler {
    /**
     * Called once the line and headers are read, before any of the body: an answer now (a
     * missing token, an unknown path, a body over the limit — so a client is refused before it
     * sends its body), or null to read the body and {@link #handle} the request.
     */
    Response head(RequestHead head);

    /** True for requests answered on the connection's own thread (liveness: no store, no work). */
    boolean inline(RequestHead head);

    /** The answer to a whole request. Runs on the work pool; an interrupt means the client left. */
    Response handle(RequestHead head, byte[] body);

    /** The answer to a request that is not well-formed HTTP. */
    Response protocolError(ProtocolError e);

    /** The answer to a chunked body that grew past the limit. */
    Response tooLarge();

    /** The answer when the server is full: too many connections, or no worker free. */
    Response unavailable(String message);
}
