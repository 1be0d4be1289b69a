package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.model.io.Printable;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** Builds the rules' problems from an {@link ApplyCode}, and shows the values they quote. */
final class ShapeProblems {
    private ShapeProblems() {}

    static Problem of(String path, ApplyCode code, String message) {
        return Problem.at(path, code, message);
    }

    /** {@code value} is not a gpushare name ({@link Ids}). */
    static Problem badId(String path, String what, Object value) {
        return of(path, ApplyCode.ACTION_MALFORMED_ID, "the " + what + " " + show(value) + " is not a gpushare name"
                + " (letters, digits, '.', '_', '-'; instances OWNER-N, copies NAME/N)");
    }

    /** Free text that is not printable or too long ({@link Ids#text}), else nothing. */
    static List<Problem> text(String s, String path) {
        if (Ids.text(s)) return List.of();
        return List.of(of(path, ApplyCode.ACTION_TEXT, "the text " + show(s) + " holds control characters or is"
                + " longer than " + Ids.MAX_TEXT + " characters"));
    }

    /** A value from the input, quoted and made printable (it may hold the very escapes refused). */
    static String show(Object value) {
        if (value == null) return "(none)";
        String s = value.toString();
        String cut = s.length() > 80 ? s.substring(0, 80) + "…" : s;
        return "'" + Printable.line(cut) + "'";
    }
}
