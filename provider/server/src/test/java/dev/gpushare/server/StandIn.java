package dev.gpushare.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A stand-in {@code nvidia-cuda-mps-control} in a directory of its own (put on the agent's PATH):
 * it reads its behaviour from the file {@code mode} beside it — {@code answers} (prints a server
 * list, exit 0), {@code fails} (says the daemon is not running, exit 1, as the real one does) or
 * {@code hangs} (sleeps 60 s: past the probe's 3 s timeout).
 */
final class StandIn {
    final Path dir;

    StandIn(Path dir) throws IOException {
        this.dir = dir;
        Path script = dir.resolve("nvidia-cuda-mps-control");
        Files.writeString(script, """
                #!/bin/sh
                here=$(dirname "$0")
                read -r command || true
                echo "$command" >> "$here/asked"
                case $(cat "$here/mode") in
                  answers) echo 4242; exit 0 ;;
                  fails) echo "Cannot find MPS control daemon process" >&2; exit 1 ;;
                  hangs) sleep 60 ;;
                esac
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        mode("answers");
    }

    void mode(String m) throws IOException {
        Files.writeString(dir.resolve("mode"), m + "\n");
    }

    /** What the probes asked, one line each. */
    java.util.List<String> asked() throws IOException {
        Path p = dir.resolve("asked");
        return Files.exists(p) ? Files.readAllLines(p) : java.util.List.of();
    }

    /** The PATH an agent gets: this directory, then the system's (for sh, sleep, cat). */
    java.util.Map<String, String> env() {
        return java.util.Map.of("PATH", dir + ":/usr/bin:/bin");
    }
}
