package dev.gpushare.model;

import java.util.regex.Pattern;

/**
 * The one rule for gpushare's names (services, task families, containers, capacity providers,
 * endpoints, inference components, declared instance types) and so for the ids built from them
 * ({@code OWNER-N}, {@code NAME/N}): letters, digits, '.', '_' and '-', 1 to {@link #MAX_LENGTH}
 * characters, starting with a letter or digit.
 *
 * <p>{@link #MAX_LENGTH} is 63, what a Kubernetes label value allows, so that every name is a label
 * value as it is (the Kubernetes backend labels pods and claims with them). The schema's
 * {@code $defs/name} says the same ({@code NameRuleTest} fails when the two differ); the apply-time
 * action check and the Kubernetes backend use this class.
 */
public final class NameRule {
    /** The longest name, in characters: Kubernetes' label value limit. */
    public static final int MAX_LENGTH = 63;
    /** The pattern of a whole name (no anchors). */
    public static final String REGEX = "[A-Za-z0-9][A-Za-z0-9._-]{0," + (MAX_LENGTH - 1) + "}";
    public static final Pattern PATTERN = Pattern.compile(REGEX);
    /** What the schema and the problems tell a user to write. */
    public static final String TEXT = "letters, digits, '.', '_' and '-', 1 to " + MAX_LENGTH
            + " characters, starting with a letter or digit";

    private NameRule() {}

    /** True when {@code s} is a name. */
    public static boolean valid(String s) {
        return s != null && PATTERN.matcher(s).matches();
    }
}
