package dev.gpushare.kubernetes;

import dev.gpushare.model.io.OptionValue;
import java.util.Optional;

/** How a copy's pod asks for its device ({@code ?devices=} of the backend URL). */
public enum DeviceMode {
    /** ResourceClaims of {@code resource.k8s.io/v1} that select the planned device (the default). */
    DRA,
    /** The NVIDIA device plugin's extended resources ({@code nvidia.com/gpu}, {@code nvidia.com/mig-*}). */
    DEVICE_PLUGIN;

    /** The form used in URLs and on the command line ({@code dra}, {@code device-plugin}). */
    public String urlValue() {
        return OptionValue.of(this);
    }

    /** The mode named {@code value} ({@code dra} or {@code device-plugin}), or empty. */
    public static Optional<DeviceMode> parse(String value) {
        return OptionValue.parse(DeviceMode.class, value);
    }
}
