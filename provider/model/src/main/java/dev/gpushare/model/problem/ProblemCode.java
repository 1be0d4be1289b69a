package dev.gpushare.model.problem;

/**
 * A stable problem code with its documented cause and fix; the enums of codes implement it so that
 * docs/troubleshooting.md is generated from the code itself rather than from a hand-kept list.
 */
public interface ProblemCode {
    /** The UPPER_SNAKE code as printed (the enum constant's name); renaming one breaks scripts. */
    String name();

    /** Why the problem arises and what to change, each in one sentence. */
    Doc doc();

    /** Why the problem arises, in one sentence. */
    default String cause() {
        return doc().cause();
    }

    /** What the user should change, in one sentence. */
    default String fix() {
        return doc().fix();
    }

    /** The documentation of one code. */
    record Doc(String cause, String fix) {}
}
