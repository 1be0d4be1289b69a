package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.NameRule;
import java.util.regex.Pattern;

/**
 * The shapes of the identities in actions, as the solver makes them from spec names (the one name
 * rule, {@link NameRule}): an instance is {@code OWNER-N}, a copy {@code GROUP/N}.
 */
final class Ids {
    /** Instance type names (catalog names such as {@code ml.p4d.24xlarge} fit the name rule). */
    static final Pattern TYPE = NameRule.PATTERN;
    /** Longest container (an inference component's model name) and reason, in characters. */
    static final int MAX_TEXT = 512;

    private Ids() {}

    static boolean name(String s) {
        return NameRule.valid(s);
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
