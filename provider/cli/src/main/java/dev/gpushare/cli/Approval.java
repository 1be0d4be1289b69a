package dev.gpushare.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Asks before a command changes a backend, as terraform does: {@code --auto-approve} skips the
 * question; without it a terminal is asked "Apply? [y/N]" and anything else is refused.
 */
final class Approval {
    private Approval() {}

    /**
     * A terminal on stdin/stdout. From JDK 22 {@code System.console()} may exist for redirected
     * streams, so ask {@code Console.isTerminal()} where it exists (the build targets Java 21).
     */
    static boolean interactive() {
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // Java 21: a console is only given for a terminal
        }
    }

    /** True to go ahead; false when the person answered no. Throws a usage error without a terminal. */
    static boolean confirm(boolean autoApprove, String question, String flagHint, PrintWriter err) {
        if (autoApprove) return true;
        if (!interactive()) {
            throw UserError.usage("refusing to change the backend without confirmation: stdin is not a terminal;"
                    + " pass --auto-approve to " + flagHint);
        }
        err.print(question + " [y/N] ");
        err.flush();
        try {
            String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            return answer != null && (answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"));
        } catch (IOException e) {
            return false;
        }
    }
}
