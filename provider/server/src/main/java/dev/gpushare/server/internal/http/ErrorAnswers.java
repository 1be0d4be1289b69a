package dev.gpushare.server.internal.http;

import java.util.Locale;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * What Jetty answers when its parser refuses a request (or a request fails outside the API):
 * the service's JSON refusal with a stable code, never Jetty's HTML page. Jetty's reasons are
 * mapped to the codes the service has always given: {@code BAD_CONTENT_LENGTH} for a bad or
 * doubled length, or a length beside Transfer-Encoding; {@code HEADERS_TOO_LARGE} (431); 501
 * for a transfer coding other than chunked; 505 for a version other than HTTP/1.x; else
 * {@code MALFORMED_REQUEST}. The connection is closed after it.
 */
final class ErrorAnswers implements Request.Handler {
    private final Handler api;
    private final int maxHeaderBytes;

    ErrorAnswers(Handler api, int maxHeaderBytes) {
        this.api = api;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    @Override
    public boolean handle(Request request, org.eclipse.jetty.server.Response response, Callback callback) {
        Object s = request.getAttribute(ErrorHandler.ERROR_STATUS);
        int status = s instanceof Integer i ? i : 500;
        Object m = request.getAttribute(ErrorHandler.ERROR_MESSAGE);
        String reason = m == null ? "" : m.toString();
        boolean protocol = request.getAttribute(ErrorHandler.ERROR_EXCEPTION) instanceof HttpException || status < 500;
        Response answer = api.protocolError(protocol ? classify(status, reason, maxHeaderBytes)
                : new ProtocolError(500, "INTERNAL_ERROR", "the server failed on this request; retry, or tell the operator the request id"));
        Exchange.write(response, answer.closing(), callback, null);
        return true;
    }

    static ProtocolError classify(int status, String reason, int maxHeaderBytes) {
        String r = reason.toLowerCase(Locale.ROOT);
        if (status == 431) {
            return new ProtocolError(431, "HEADERS_TOO_LARGE", "the request line and headers are over " + maxHeaderBytes
                    + " bytes or " + Exchange.MAX_FIELDS + " fields");
        }
        if (status == 426 || status == 505 || r.contains("version")) {
            return new ProtocolError(505, "MALFORMED_REQUEST", "only HTTP/1.1 (and 1.0) is served");
        }
        if (r.contains("content-length")) {
            return new ProtocolError(400, "BAD_CONTENT_LENGTH", "a bad Content-Length (" + reason + "): give one length,"
                    + " a number of bytes, and no Transfer-Encoding beside it");
        }
        if (r.contains("transfer-encoding")) {
            return new ProtocolError(501, "MALFORMED_REQUEST", "only Transfer-Encoding: chunked is understood (" + reason + ")");
        }
        if (r.contains("folding")) {
            return new ProtocolError(400, "MALFORMED_REQUEST", "a folded header line (obs-fold) is not accepted");
        }
        int code = status >= 400 && status < 500 ? status : 400;
        return new ProtocolError(code, "MALFORMED_REQUEST", "the request is not well-formed HTTP/1.1"
                + (reason.isEmpty() ? "" : " (" + reason + ")"));
    }
}
