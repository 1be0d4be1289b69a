package dev.gpushare.server.internal;

import java.util.Map;

/**
 * A request as handlers see it: path parameters (decoded), one header they need and the body.
 *
 * @param body the request body, at most the server's limit, in bytes
 */
public record Request(Map<String, String> params, String idempotencyKey, byte[] body, String requestId) {
    public String param(String name) {
        return params.get(name);
    }
}
