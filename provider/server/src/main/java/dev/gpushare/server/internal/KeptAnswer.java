package dev.gpushare.server.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.GZIPOutputStream;

/**
 * An answer kept across requests (a cluster's state at one snapshot), in each encoding made once: its bytes as
 * they are, copied once into a direct buffer when it is kept, and their gzip encoding, made by the first request
 * that accepts it. Both are written to the socket from those buffers: a heap array's bytes would be copied into
 * a temporary direct buffer on every write (for a 626 KB status, as much CPU as the kernel's own copy; see
 * docs/server.md, "Answers kept per revision"). Each request gets its own read-only view.
 */
public final class KeptAnswer {
    private final ByteBuffer identity;
    private volatile ByteBuffer gzip;

    KeptAnswer(byte[] body) {
        this.identity = direct(body);
    }

    /** The bytes as they are: a read-only view at position 0. */
    ByteBuffer identity() {
        return identity.duplicate();
    }

    /** The gzip encoding (compressed on the first call, kept): a read-only view at position 0. */
    ByteBuffer gzip() {
        ByteBuffer g = gzip;
        if (g == null) {
            synchronized (this) {
                if (gzip == null) gzip = direct(compress(identity()));
                g = gzip;
            }
        }
        return g.duplicate();
    }

    static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }

    static byte[] compress(ByteBuffer body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.remaining() / 8));
        byte[] chunk = new byte[64 * 1024];
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 64 * 1024)) {
            while (body.hasRemaining()) {
                int n = Math.min(chunk.length, body.remaining());
                body.get(chunk, 0, n);
                gz.write(chunk, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }
}
