package dev.gpushare.model.problem;

import java.util.List;

/**
 * Thrown where an API cannot return problems as a value (a builder's {@code build()}, a loader
 * given unreadable input): carries every problem found, never only the first. This is a user
 * error; bugs are ordinary unchecked exceptions.
 */
public final class SpecException extends RuntimeException {
    private final transient List<Problem> problems;

    public SpecException(List<Problem> problems) {
        super(summary(problems));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }

    private static String summary(List<Problem> problems) {
        StringBuilder sb = new StringBuilder(problems.size() + " problem(s) in the spec");
        for (Problem p : problems) {
            sb.append("\n  ");
            if (p.file() != null) sb.append(p.file()).append(": ");
            sb.append(p.path().isEmpty() ? "/" : p.path()).append(": ").append(p.code()).append(": ").append(p.message());
        }
        return sb.toString();
    }
}
