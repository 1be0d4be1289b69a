package dev.gpushare.pulumi.daemon.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a client starting a daemon removes of the directories older builds left. */
class StaleDirectoriesTest {
    @TempDir Path base;

    @Test
    void removesOnlyOldDirectoriesWhereNoDaemonRuns() throws Exception {
        Instant now = Instant.parse("2026-12-03T12:00:00Z");
        Path old = leftBy("old", now.minus(Duration.ofHours(25)));        // a day and an hour: goes
        Path recent = leftBy("recent", now.minus(Duration.ofHours(23)));  // under a day: stays
        Path withSocket = leftBy("socket", now.minus(Duration.ofDays(3))); // a port file: a daemon may listen
        Files.createFile(withSocket.resolve("port"));
        touch(withSocket, now.minus(Duration.ofDays(3)));
        Path mine = leftBy("mine", now.minus(Duration.ofDays(3)));         // the caller's own: stays

        assertThat(StaleDirectories.prune(base, mine, now)).isEqualTo(1);
        assertThat(old).doesNotExist();
        assertThat(recent).exists();
        assertThat(withSocket).exists();
        assertThat(mine).exists();
        assertThat(StaleDirectories.prune(base.resolve("none"), mine, now)).isZero();
    }

    private Path leftBy(String name, Instant when) throws Exception {
        Path dir = Files.createDirectories(base.resolve(name));
        Files.writeString(dir.resolve("daemon.log"), "log\n");
        Files.createFile(dir.resolve("start.lock"));
        touch(dir, when);
        return dir;
    }

    private static void touch(Path dir, Instant when) throws Exception {
        try (var all = Files.list(dir)) {
            for (Path p : all.toList()) Files.setLastModifiedTime(p, FileTime.from(when));
        }
        Files.setLastModifiedTime(dir, FileTime.from(when));
    }
}
