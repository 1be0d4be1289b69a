package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every request of a {@link Listener} is served with: the API, its limits, the work pool and
 * the timer of the deadlines.
 *
 * @param api       answers the requests ({@link Handler#head} first, then {@link Handler#handle})
 * @param limits    the deadlines and bounds of a request
 * @param bodyLimit the largest body read, in bytes
 * @param workers   the bounded pool the API's work runs on
 * @param timer     arms the deadlines and the plan timeout
 */
record Serving(Handler api, ServiceLimits limits, long bodyLimit, ExecutorService workers, ScheduledExecutorService timer) {}
