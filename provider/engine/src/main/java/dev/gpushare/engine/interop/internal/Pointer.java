package dev.gpushare.engine.interop.internal;

/** Builds JSON Pointers (RFC 6901) one step at a time. */
public final class Pointer {
    private Pointer() {}

    public static String child(String base, String key) {
        return base + "/" + key.replace("~", "~0").replace("/", "~1");
    }

    public static String child(String base, int index) {
        return base + "/" + index;
    }
}
