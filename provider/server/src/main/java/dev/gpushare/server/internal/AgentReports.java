package dev.gpushare.server.internal;

import tools.jackson.databind.JsonNode;

/**
 * The body of an agent's report ({@code POST /v1/clusters/{cluster}/instances/{instance}/report}):
 * {@code {"healthy": true|false, "reason": "…"}} — the reason is required when not healthy (it
 * becomes the mark's reason, after {@value #PREFIX}) — plus what the agent checked, kept for logs.
 */
public final class AgentReports {
    /** Every mark an agent makes starts with this; an agent clears only marks that do. */
    public static final String PREFIX = "agent: ";
    /** The longest reason kept. */
    static final int MAX_REASON = 512;

    private AgentReports() {}

    public record Report(boolean healthy, String reason) {}

    static Report read(JsonNode body) {
        JsonNode healthy = body.get("healthy");
        if (healthy == null || !healthy.isBoolean()) {
            throw new IllegalArgumentException("'healthy' must be true or false: the instance's health as the agent sees it");
        }
        JsonNode reason = body.get("reason");
        if (reason != null && !reason.isNull() && !reason.isString()) {
            throw new IllegalArgumentException("'reason' must be a string such as mps-daemon-unresponsive: ...");
        }
        String why = reason == null || reason.isNull() ? null : reason.asString().strip();
        if (!healthy.asBoolean() && (why == null || why.isEmpty())) {
            throw new IllegalArgumentException("'reason' is required when 'healthy' is false: say what failed"
                    + " (e.g. mps-daemon-unresponsive: probe timed out after 3 s)");
        }
        if (why != null && why.length() > MAX_REASON) why = why.substring(0, MAX_REASON);
        return new Report(healthy.asBoolean(), why);
    }
}
