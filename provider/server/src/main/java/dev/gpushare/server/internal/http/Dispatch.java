package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;

/** Jetty's handler: every request becomes an {@link Exchange}; none blocks Jetty's threads. */
final class Dispatch extends org.eclipse.jetty.server.Handler.Abstract.NonBlocking {
    private final Handler api;
    private final ServiceLimits limits;
    private final long bodyLimit;
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;

    Dispatch(Handler api, ServiceLimits limits, long bodyLimit, ExecutorService workers, ScheduledExecutorService timer) {
        this.api = api;
        this.limits = limits;
        this.bodyLimit = bodyLimit;
        this.workers = workers;
        this.timer = timer;
    }

    @Override
    public boolean handle(Request request, org.eclipse.jetty.server.Response response, Callback callback) {
        new Exchange(request, response, callback, api, limits, bodyLimit, workers, timer).start();
        return true;
    }
}
