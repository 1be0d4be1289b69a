package dev.gpushare.model.io;

import java.util.Locale;
import java.util.Optional;

/**
 * The form an enum constant takes on the command line, in URLs and in CSS classes: its name in lower
 * case, words joined by {@code -} ({@code MANAGED_INSTANCES} → {@code managed-instances}).
 */
public final class OptionValue {
    private OptionValue() {}

    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant of {@code type} whose form is exactly {@code text}, or empty. */
    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String text) {
        for (E constant : type.getEnumConstants()) if (of(constant).equals(text)) return Optional.of(constant);
        return Optional.empty();
    }
}
