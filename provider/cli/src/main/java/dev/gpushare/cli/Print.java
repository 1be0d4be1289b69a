package dev.gpushare.cli;

import java.io.PrintWriter;

/** Writes a rendered document so that the output always ends with exactly one newline. */
final class Print {
    private Print() {}

    static void document(PrintWriter w, String text) {
        w.print(text);
        if (!text.endsWith("\n")) w.println();
        w.flush();
    }

    /** A document written by {@code writer} straight to {@code w} (a large fleet's state: no string of it first). */
    static <A, B> void json(PrintWriter w, Writer<A, B> writer, A a, B b) {
        try {
            writer.write(a, b, w);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // a PrintWriter does not throw; kept for the signature
        }
        w.flush();
    }

    /** Writes a document of {@code a} and {@code b} to a writer, ending it with a newline. */
    @FunctionalInterface
    interface Writer<A, B> {
        void write(A a, B b, java.io.Writer out) throws java.io.IOException;
    }
}
