package dev.gpushare.engine.mig.internal;

import dev.gpushare.engine.catalog.MigProfile;

/** How a profile name's suffix relates to the GPU's media engines (rules V3 and V4). */
public final class MediaRules {
    /** At most this many {@code +me} instances on one GPU, whatever their size. */
    public static final int MAX_MEDIA_EXTENSION = 1;

    private MediaRules() {}

    /** {@code +me}: holds media engines; one per GPU. */
    public static boolean mediaExtension(MigProfile p) {
        return p.name().endsWith("+me");
    }

    /** {@code +me.all}: holds every media engine; only {@code -me} profiles may sit beside it. */
    public static boolean allMedia(MigProfile p) {
        return p.name().endsWith("+me.all");
    }

    /** {@code -me}: no media engines. */
    public static boolean noMedia(MigProfile p) {
        return p.name().endsWith("-me");
    }

    /** A base profile: no {@code +}/{@code -} suffix. */
    public static boolean base(MigProfile p) {
        return !p.hasSuffix();
    }
}
