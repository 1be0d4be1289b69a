package dev.gpushare.kubernetes.internal;

import dev.gpushare.model.NameRule;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Object names and label values. gpushare's names are label values already ({@link NameRule}: its
 * length is a label value's); what is built from them can grow past Kubernetes' limits, so long or
 * odd values end in a short hash of the whole, which keeps them unique and stable.
 */
public final class Names {
    private static final Pattern LABEL_VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    /** Kubernetes' limit of a label value: the name rule's length, which was chosen to be it. */
    private static final int LABEL_MAX = NameRule.MAX_LENGTH;
    private static final int NAME_MAX = 253;

    private Names() {}

    /** {@code value} if it is a valid label value, else a valid one that ends in its hash. */
    public static String labelValue(String value) {
        if (value.length() <= LABEL_MAX && LABEL_VALUE.matcher(value).matches()) return value;
        String hash = hash(value, 10);
        String base = value.replaceAll("[^-A-Za-z0-9_.]", "-");
        base = base.substring(0, Math.min(base.length(), LABEL_MAX - hash.length() - 1));
        base = base.replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$", "");
        return base.isEmpty() ? hash : base + "-" + hash;
    }

    /** A DNS-1123 subdomain (object name) from parts joined with '-': lower case, '.' and '-' kept. */
    public static String objectName(String... parts) {
        String joined = String.join("-", parts);
        String clean = joined.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]", "-")
                .replaceAll("^[^a-z0-9]+|[^a-z0-9]+$", "");
        if (clean.equals(joined) && clean.length() <= NAME_MAX) return clean;
        String hash = hash(joined, 10);
        clean = clean.substring(0, Math.min(clean.length(), NAME_MAX - hash.length() - 1));
        return clean.replaceAll("[^a-z0-9]+$", "") + "-" + hash;
    }

    /** The first {@code hexChars} hex digits of the SHA-256 of {@code text}. */
    public static String hash(String text, int hexChars) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, hexChars);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** The NVIDIA DRA driver's device name of a MIG device: {@code gpu-<minor>-mig-<profile>-<id>-<start>}. */
    public static String migDeviceName(int gpu, String profile, int profileId, int start) {
        String p = profile.replace(".", "").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        return "gpu-" + gpu + "-mig-" + p + "-" + profileId + "-" + start;
    }

    /** The NVIDIA DRA driver's device name of a whole GPU. */
    public static String gpuDeviceName(int gpu) {
        return "gpu-" + gpu;
    }
}
