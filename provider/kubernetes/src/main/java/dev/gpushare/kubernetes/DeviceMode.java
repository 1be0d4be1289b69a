package dev.gpushare.kubernetes;

import java.util.Locale;
import java.util.Optional;

/** How a copy's pod asks for its device ({@code ?devices=} of the backend URL). */
public enum DeviceMode {
    /** ResourceClaims of {@code resource.k8s.io/v1} that select the planned device (the default). */
    DRA,
    /** The NVIDIA device plugin's extended resources ({@code nvidia.com/gpu}, {@code nvidia.com/mig-*}). */
    DEVICE_PLUGIN;

    /** The form used in URLs and on the command line: the name in lower case, words joined by {@code -} ({@code dra}, {@code device-plugin}). */
    public String urlValue() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The mode named {@code value} ({@code dra} or {@code device-plugin}), or empty. */
    public static Optional<DeviceMode> parse(String value) {
        for (DeviceMode m : values()) if (m.urlValue().equals(value)) return Optional.of(m);
        return Optional.empty();
    }
}
