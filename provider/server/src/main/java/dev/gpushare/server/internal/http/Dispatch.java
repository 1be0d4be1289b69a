package dev.gpushare.server.internal.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;

/** Jetty's handler: every request becomes an {@link Exchange}; none blocks Jetty's threads. */
final class Dispatch extends org.eclipse.jetty.server.Handler.Abstract.NonBlocking {
    private final Serving serving;

    Dispatch(Serving serving) {
        this.serving = serving;
    }

    @Override
    public boolean handle(Request request, org.eclipse.jetty.server.Response response, Callback callback) {
        new Exchange(request, response, callback, serving).start();
        return true;
    }
}
