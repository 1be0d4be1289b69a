package dev.gpushare.server.internal.http;

import java.nio.ByteBuffer;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IteratingCallback;

/**
 * Writes an answer in slices of {@value #SLICE} bytes, one after the other. Handed a whole heap
 * buffer, a non-blocking socket write copies all that remains into a temporary direct buffer on
 * every attempt — for a plan's answer of megabytes, written a few hundred KiB per attempt, that is
 * the answer copied over and over; a slice at a time copies each byte once. (A kept answer, in a
 * direct buffer, is written whole: {@link Exchange#write}.)
 */
final class Slices extends IteratingCallback {
    static final int SLICE = 64 * 1024;

    private final org.eclipse.jetty.server.Response response;
    private final ByteBuffer all;
    private final Callback done;
    private boolean lastWritten;

    Slices(org.eclipse.jetty.server.Response response, ByteBuffer body, Callback done) {
        this.response = response;
        this.all = body;
        this.done = done;
    }

    @Override
    protected Action process() {
        if (lastWritten) return Action.SUCCEEDED;
        int n = Math.min(SLICE, all.remaining());
        ByteBuffer slice = all.slice(all.position(), n);
        all.position(all.position() + n);
        lastWritten = !all.hasRemaining();
        response.write(lastWritten, slice, this);
        return Action.SCHEDULED;
    }

    @Override
    protected void onCompleteSuccess() {
        done.succeeded();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        done.failed(cause);
    }
}
