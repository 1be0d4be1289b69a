package dev.gpushare.model.problem;

/**
 * A stable problem code with its documented cause and fix; the enums of codes implement it so that
 * docs/troubleshooting.md is generated from the code itself rather than from a hand-kept list.
 */
public interface ProblemCode {
    /** The UPPER_SNAKE code as emitted in {@link Problem#code()} (the enum constant's name). */
    String name();

    /** Why the problem arises, in one sentence. */
    String cause();

    /** What the user should change, in one sentence. */
    String fix();
}
