package dev.gpushare.engine.interop.ecs.internal;

import dev.gpushare.engine.interop.internal.CloudJson;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Task-level {@code cpu} and {@code memory} as ECS accepts them: a number or numeric string
 * ({@code 1024}, {@code "8192"}) or the unit forms of the console ({@code "1 vCPU"}, {@code "8 GB"}).
 */
public final class EcsUnits {
    private static final Pattern VCPU = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*vcpu");
    private static final Pattern GB = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*gb");
    private static final BigDecimal K = BigDecimal.valueOf(1024);

    private EcsUnits() {}

    /** CPU units (1024 per vCPU), or {@code null} when unreadable. */
    public static Integer cpuUnits(JsonNode node) {
        return read(node, VCPU);
    }

    /** MiB, or {@code null} when unreadable. */
    public static Integer memoryMiB(JsonNode node) {
        return read(node, GB);
    }

    private static Integer read(JsonNode node, Pattern scaled) {
        Long plain = CloudJson.wholeNumber(node);
        if (plain != null) return plain > 0 && plain <= Integer.MAX_VALUE ? plain.intValue() : null;
        String s = CloudJson.string(node);
        if (s == null) return null;
        Matcher m = scaled.matcher(s.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) return null;
        BigDecimal v = new BigDecimal(m.group(1)).multiply(K);
        try {
            int i = v.intValueExact();
            return i > 0 ? i : null;
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
