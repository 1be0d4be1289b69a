package dev.gpushare.model.problem;

/**
 * A stable problem code with its documented cause and fix; the enums of codes implement it so that
 * docs/troubleshooting.md is generated from the codes rather than from a hand-kept list.
 * The text lives beside each enum as a UTF-8 resource, {@code ENUM.properties} in the enum's package,
 * one {@code CODE.cause} and {@code CODE.fix} per constant, as a message bundle keeps user-facing text;
 * the enum keeps no field or constructor for it, and a constant without both is an error on first use
 * (each module's docs test reads every code).
 */
public interface ProblemCode {
    /** The UPPER_SNAKE code as printed (the enum constant's name); renaming one breaks scripts. */
    String name();

    /** Why the problem arises and what to change, each in one sentence, from the enum's resource. */
    default Doc doc() {
        return CodeDocs.of(this);
    }

    /** Why the problem arises, in one sentence. */
    default String cause() {
        return doc().cause();
    }

    /** What the user should change, in one sentence. */
    default String fix() {
        return doc().fix();
    }

    /** The documentation of one code: why it arises and what to change. */
    record Doc(String cause, String fix) {}
}
