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

    /** True to go ahead; false when the person answered no. Throws a usage error without a terminal. */
    static boolean confirm(boolean autoApprove, String question, String flagHint, PrintWriter err) {
        if (autoApprove) return true;
        if (System.console() == null) {
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
