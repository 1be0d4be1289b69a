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
}
