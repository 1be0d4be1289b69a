package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.regex.Pattern;

/**
 * The shapes of the identities in actions, as the solver makes them from spec names (the
 * schema's name rule: letters, digits, '.', '_', '-', 1 to 64 characters, starting with a letter
 * or digit): an instance is {@code OWNER-N}, a copy {@code GROUP/N}.
 */
final class Ids {
    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";
    static final Pattern NAME_PATTERN = Pattern.compile(NAME);
    /** Instance type names (catalog names such as {@code ml.p4d.24xlarge} fit the name rule). */
    static final Pattern TYPE = NAME_PATTERN;
    /** Longest container (an inference component's model name) and reason, in characters. */
    static final int MAX_TEXT = 512;

    private Ids() {}

    static boolean name(String s) {
        return s != null && NAME_PATTERN.matcher(s).matches();
    }

    static boolean instance(InstanceId id) {
        return id != null && id.numbered() && name(id.owner());
    }

    static boolean task(TaskId id) {
        return id != null && id.numbered() && name(id.group());
    }

    /** Free text (a container that is a model name, a reason): printable and not too long. */
    static boolean text(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_TEXT) return false;
        return dev.gpushare.model.io.Printable.isLine(s);
    }
}
