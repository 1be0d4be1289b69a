package dev.gpushare.engine.state;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.TaskDefinition;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What a copy runs, as a digest: for a service's copy, its task definition (every container's
 * name, image, GPU ask, entry point, command, environment and health check, the task's CPU and
 * memory); for an inference component's copy, its
 * model and specification (partition type, host memory). Placement says <em>where</em> a copy
 * runs, the revision <em>what</em>: a copy whose revision differs from the spec's is rolled out
 * (a change of revision is a change, so a plan is never empty while a copy runs an older one).
 *
 * <p>Written as the first 12 hexadecimal digits of the SHA-256 of a canonical text ({@link
 * #canonical}), so that equal definitions give equal revisions in every process and backend, and
 * the text fits a Kubernetes label value. A copy stored before revisions existed has none
 * ({@code null} in {@link Allocation#revision()}): shown as {@code unknown}, it is rolled out once.
 */
public record Revision(String value) implements Comparable<Revision> {
    /** The text shown for a copy stored without a revision. */
    public static final String UNKNOWN = "unknown";
    private static final int DIGITS = 12;

    public Revision {
        Objects.requireNonNull(value, "value");
    }

    /** The revision written {@code text} (read from a store, a label or a saved plan). */
    @JsonCreator
    public static Revision parse(String text) {
        return new Revision(text);
    }

    /** True when it is written as gpushare writes revisions (12 lower-case hexadecimal digits). */
    public boolean wellFormed() {
        if (value.length() != DIGITS) return false;
        for (int i = 0; i < value.length(); i++) if (Character.digit(value.charAt(i), 16) < 0 || Character.isUpperCase(value.charAt(i))) return false;
        return true;
    }

    /** The revision of a service's copy: its task definition. */
    public static Revision of(TaskDefinition td) {
        return digest(canonical(td));
    }

    /** The revision of an inference component's copy: its model and specification. */
    public static Revision of(InferenceComponent ic) {
        return digest(canonical(ic));
    }

    /** {@code text} of a revision, or {@link #UNKNOWN} for none. */
    public static String show(Revision r) {
        return r == null ? UNKNOWN : r.value;
    }

    /**
     * The text a task definition's revision digests: one field a line, {@code key=value}, in a fixed
     * order; absent optional fields are left out (so a field added later with no value keeps every
     * revision already recorded).
     */
    public static String canonical(TaskDefinition td) {
        StringBuilder sb = new StringBuilder("taskDefinition\n");
        if (td.cpu() != null) sb.append("cpu=").append(td.cpu()).append('\n');
        if (td.memoryMiB() != null) sb.append("memory=").append(td.memoryMiB()).append('\n');
        for (Container c : td.containers()) {
            sb.append("container=").append(c.name()).append('\n');
            sb.append("  image=").append(c.image()).append('\n');
            if (c.gpu() != null) sb.append("  gpu=").append(gpu(c.gpu())).append('\n');
            if (c.entryPoint() != null) sb.append("  entryPoint=").append(list(c.entryPoint())).append('\n');
            if (c.command() != null) sb.append("  command=").append(list(c.command())).append('\n');
            // in the order given: on Kubernetes a value may refer to an earlier variable, $(NAME)
            for (EnvironmentVariable v : c.env()) sb.append("  env=").append(quote(v.name())).append('=').append(quote(v.value())).append('\n');
            if (c.healthCheck() != null) sb.append("  healthCheck=").append(healthCheck(c.healthCheck())).append('\n');
        }
        return sb.toString();
    }

    /** The text an inference component's revision digests (as {@link #canonical(TaskDefinition)}). */
    public static String canonical(InferenceComponent ic) {
        StringBuilder sb = new StringBuilder("inferenceComponent\n");
        sb.append("model=").append(ic.model()).append('\n');
        if (ic.partitionType() != null) sb.append("partitionType=").append(profile(ic.partitionType())).append('\n');
        if (ic.hostMemoryMiB() != null) sb.append("hostMemory=").append(ic.hostMemoryMiB()).append('\n');
        if (ic.gpuMemoryMiB() != null) sb.append("gpuMemory=").append(ic.gpuMemoryMiB()).append('\n');
        return sb.toString();
    }

    /** The check with its defaults filled in: a default written out is the same check as one left out. */
    private static String healthCheck(HealthCheck h) {
        return list(h.command()) + " interval=" + h.intervalSeconds() + " timeout=" + h.timeoutSeconds()
                + " retries=" + h.retriesCount() + " startPeriod=" + h.startPeriodSeconds();
    }

    /** {@code ["a","b c"]}: each item quoted, so that no two lists write the same text. */
    private static String list(List<String> items) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) sb.append(i == 0 ? "" : ",").append(quote(items.get(i)));
        return sb.append(']').toString();
    }

    /** A JSON string literal of {@code s}. */
    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> {
                    if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
                    else sb.append(ch);
                }
            }
        }
        return sb.append('"').toString();
    }

    private static String gpu(GpuRequirement g) {
        return switch (g) {
            case GpuRequirement.Whole w -> "whole " + w.count();
            case GpuRequirement.All a -> "all";
            case GpuRequirement.Fraction f -> "fraction " + f.value().stripTrailingZeros().toPlainString();
            case GpuRequirement.NvidiaMps m -> "mps " + m.memoryMiB() + (m.maxComputePercent() == null ? "" : " " + m.maxComputePercent() + "%");
            case GpuRequirement.Partition p -> "partition " + profile(p.profile());
        };
    }

    /** A MIG profile without the optional {@code mig-} prefix: both spellings are one profile. */
    private static String profile(String p) {
        return p.startsWith("mig-") ? p.substring(4) : p;
    }

    private static Revision digest(String canonical) {
        byte[] d = sha256().digest(canonical.getBytes(StandardCharsets.UTF_8));
        return new Revision(HexFormat.of().formatHex(d).substring(0, DIGITS));
    }

    /**
     * Looks up the digest now (the first lookup reads the runtime's security configuration and
     * builds its provider, milliseconds at a command's start): for a thread that prepares a plan
     * while the command checks its spec ({@link dev.gpushare.engine.converge.Converger#readAhead}).
     */
    public static void prepare() {
        sha256();
    }

    /** A fresh SHA-256, cloned from one looked up once (the provider lookup costs more than a short digest). */
    private static MessageDigest sha256() {
        try {
            return (MessageDigest) Sha256.PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return Sha256.lookUp(); // a provider whose digest cannot be cloned
        }
    }

    /** The prototype, looked up on first use. */
    private static final class Sha256 {
        static final MessageDigest PROTOTYPE = lookUp();

        static MessageDigest lookUp() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
            }
        }
    }

    @Override
    public int compareTo(Revision o) {
        return value.compareTo(o.value);
    }

    @JsonValue
    @Override
    public String toString() {
        return value;
    }
}
