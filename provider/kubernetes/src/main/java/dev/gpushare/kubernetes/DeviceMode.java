package dev.gpushare.kubernetes;

/** How a copy's pod asks for its device ({@code ?devices=} of the backend URL). */
public enum DeviceMode {
    /** ResourceClaims of {@code resource.k8s.io/v1} that select the planned device (the default). */
    DRA("dra"),
    /** The NVIDIA device plugin's extended resources ({@code nvidia.com/gpu}, {@code nvidia.com/mig-*}). */
    DEVICE_PLUGIN("device-plugin");

    private final String urlValue;

    DeviceMode(String urlValue) {
        this.urlValue = urlValue;
    }

    /** The form used in URLs and on the command line. */
    public String urlValue() {
        return urlValue;
    }

    /** The mode named {@code value} ({@code dra} or {@code device-plugin}), or empty. */
    public static java.util.Optional<DeviceMode> parse(String value) {
        for (DeviceMode m : values()) if (m.urlValue.equals(value)) return java.util.Optional.of(m);
        return java.util.Optional.empty();
    }
}
