package dev.gpushare.engine.interop.cloudformation.internal;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Logical ids from spec names: CloudFormation allows only letters and digits, so {@code l4-mps} and
 * {@code TaskDefinition} give {@code L4MpsTaskDefinition}. Two names that give the same id (e.g.
 * {@code a-b} and {@code a.b}) get a number: the second is {@code AB2TaskDefinition}.
 */
public final class LogicalIds {
    private final Set<String> taken = new HashSet<>();

    /** A new, unique id for {@code name} of kind {@code suffix}. */
    public String of(String name, String suffix) {
        String base = pascal(name);
        String id = base + suffix;
        for (int n = 2; !taken.add(id.toLowerCase(Locale.ROOT)); n++) id = base + n + suffix;
        return id;
    }

    /** {@code l4-mps} → {@code L4Mps}; a name that starts with a digit keeps it (ids may). */
    public static String pascal(String name) {
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (char c : name.toCharArray()) {
            if (Character.isLetterOrDigit(c) && c < 128) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return sb.isEmpty() ? "X" : sb.toString();
    }
}
