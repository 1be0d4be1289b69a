package dev.gpushare.engine.interop;

import dev.gpushare.engine.interop.SourceFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Test inputs kept under {@code src/test/resources/dev/gpushare/engine/interop/}. */
public final class Resources {
    private Resources() {}

    public static String text(String relative) {
        try (InputStream in = Resources.class.getResourceAsStream(relative)) {
            if (in == null) throw new IllegalArgumentException("no test resource " + relative);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The resource as an input file named by its last path element. */
    public static SourceFile file(String relative) {
        return new SourceFile(relative.substring(relative.lastIndexOf('/') + 1), text(relative));
    }
}
