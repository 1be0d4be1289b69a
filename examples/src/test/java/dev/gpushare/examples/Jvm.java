package dev.gpushare.examples;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Processes for the *ProcessTest classes: this JDK's {@code java}, other commands, their stdout and
 * stderr apart (what a user's console shows), and the JDK's own native-access warning told apart
 * from anything gpushare prints.
 */
final class Jvm {
    record Run(int exitCode, String out, String err) {
        String describe() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** The warning JDK 24+ prints when a class-path program without native access loads a native library. */
    static final List<String> JDK_NATIVE_ACCESS_WARNING_STARTS = List.of(
            "WARNING: A restricted method in java.lang.System has been called",
            "WARNING: java.lang.System::load has been called by org.sqlite.SQLiteJDBCLoader in an unnamed module",
            "WARNING: Use --enable-native-access=ALL-UNNAMED to avoid a warning for callers in this module",
            "WARNING: Restricted methods will be blocked in a future release unless native access is enabled");

    private Jvm() {}

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Skips with {@code reason} when {@code present} is false; fails instead under CI=true. */
    static void require(boolean present, String reason) {
        if (present) return;
        if ("true".equals(System.getenv("CI"))) fail(reason + " (CI=true: the build must provide it)");
        Assumptions.abort(reason);
    }

    static Run run(Path dir, Map<String, String> env, int timeoutSeconds, List<String> command) {
        try {
            Path out = Files.createTempFile("gpushare-out", ".txt");
            Path err = Files.createTempFile("gpushare-err", ".txt");
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                fail(String.join(" ", command) + " ran past " + timeoutSeconds + " s:\n" + Files.readString(out) + Files.readString(err));
            }
            Run r = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The lines of {@code stderr} other than the JDK's native-access warning (one block of four
     * lines and a blank one, JDK 24 and later): what gpushare itself put on the console.
     */
    static List<String> withoutJdkNativeAccessWarning(String stderr) {
        List<String> lines = new ArrayList<>(stderr.lines().toList());
        int at = lines.indexOf(JDK_NATIVE_ACCESS_WARNING_STARTS.getFirst());
        if (at >= 0 && lines.size() >= at + 4) {
            boolean block = true;
            for (int i = 0; i < 4; i++) block &= lines.get(at + i).startsWith(JDK_NATIVE_ACCESS_WARNING_STARTS.get(i));
            if (block) {
                lines.subList(at, at + 4).clear();
                if (lines.size() > at && lines.get(at).isBlank()) lines.remove(at); // the blank line after it
            }
        }
        return lines;
    }

    static boolean jdkWarnsOnNativeAccess() {
        return Runtime.version().feature() >= 24;
    }
}
