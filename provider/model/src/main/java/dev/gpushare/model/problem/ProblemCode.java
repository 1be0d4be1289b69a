package dev.gpushare.model.problem;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A stable problem code with its documented cause and fix; the enums of codes implement it so that
 * docs/troubleshooting.md is generated from the code itself rather than from a hand-kept list.
 * Each constant carries its {@link Doc}, so no code enum keeps a field or constructor for it.
 */
public interface ProblemCode {
    /** The UPPER_SNAKE code as printed (the enum constant's name); renaming one breaks scripts. */
    String name();

    /** Why the problem arises and what to change, each in one sentence: the constant's {@link Doc}. */
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

    /** The documentation of one code, written on its enum constant. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    @interface Doc {
        String cause();

        String fix();
    }
}
