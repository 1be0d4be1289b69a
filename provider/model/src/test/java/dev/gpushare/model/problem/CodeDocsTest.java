package dev.gpushare.model.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A code's cause and fix come from {@code ENUM.properties} beside the enum; a gap or a stray key is an error. */
class CodeDocsTest {
    /** Documented.properties: both constants, one with non-ASCII text and an escaped leading space. */
    enum Documented implements ProblemCode {
        FIRST,
        SECOND { }
    }

    /** Undocumented.properties documents FIRST only. */
    enum Undocumented implements ProblemCode {
        FIRST,
        MISSING
    }

    /** Stray.properties documents ONLY and also a key naming no constant. */
    enum Stray implements ProblemCode {
        ONLY
    }

    @Test
    void causeAndFixAreReadFromTheEnumsResourceInUtf8() {
        assertEquals("The first cause.", Documented.FIRST.cause());
        assertEquals("Raise maxInstances to 2 (× 1.5 → 3).", Documented.FIRST.fix());
        // A constant with a body is a subclass; it is keyed by the enum's name all the same.
        assertEquals(" starts with a space", Documented.SECOND.cause());
        assertEquals("a\\b", Documented.SECOND.fix());
    }

    @Test
    void aConstantWithoutTextIsAnErrorThatNamesTheResource() {
        assertEquals("Only the first.", Undocumented.FIRST.cause());
        IllegalStateException e = assertThrows(IllegalStateException.class, Undocumented.MISSING::cause);
        assertTrue(e.getMessage().contains("MISSING.cause and .fix in Undocumented.properties"), e.getMessage());
    }

    @Test
    void aKeyNamingNoConstantIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class, Stray.ONLY::fix);
        assertTrue(e.getMessage().contains("GONE.cause, which names no code of Stray"), e.getMessage());
    }
}
