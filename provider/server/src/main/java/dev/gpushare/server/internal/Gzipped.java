package dev.gpushare.server.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;

/**
 * A kept answer's gzip encoding, made by the first request that accepts it and kept with the answer:
 * a state asked for again and again is compressed once per revision, not once per request.
 */
final class Gzipped implements Supplier<byte[]> {
    private final byte[] body;
    private volatile byte[] gzip;

    Gzipped(byte[] body) {
        this.body = body;
    }

    @Override
    public byte[] get() {
        byte[] g = gzip;
        if (g == null) {
            synchronized (this) {
                if (gzip == null) gzip = compress(body);
                g = gzip;
            }
        }
        return g;
    }

    static byte[] compress(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length / 8));
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 64 * 1024)) {
            gz.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }
}
