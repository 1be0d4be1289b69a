package dev.gpushare.pulumi.daemon.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which daemon a launcher reaches: its base directory and the environment it serves, and the idle time it is started with. */
class DaemonIdentityTest {
    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({
            "'',    600",   // unset: the default, 10 minutes
            "90,    90",    // plain seconds
            "45s,   45",
            "30m,   1800",  // 30 · 60
            "2h,    7200",  // 2 · 3600
    })
    void idleTimes(String value, long seconds) {
        assertThat(IdleTime.parse(value)).isEqualTo(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest
    @CsvSource({"soon", "0", "-5m", "10d", "m"})
    void badIdleTimesSayWhatToWrite(String value) {
        assertThatThrownBy(() -> IdleTime.parse(value))
                .hasMessage("GPUSHARE_PULUMI_DAEMON_IDLE=" + value + " is not a time; use seconds (600) or a number with s, m or h (10m)");
    }

    @Test
    void theBaseDirectoryIsTheExplicitOneElseTheRuntimeOneElseTheCache() throws Exception {
        Path runtime = Files.createDirectories(dir.resolve("run"));
        assertThat(DaemonFiles.base(Map.of("GPUSHARE_PULUMI_DAEMON_DIR", "/x/y", "XDG_RUNTIME_DIR", runtime.toString())))
                .isEqualTo(Path.of("/x/y"));
        assertThat(DaemonFiles.base(Map.of("XDG_RUNTIME_DIR", runtime.toString()))).isEqualTo(runtime.resolve("gpushare-pulumi-daemon"));
        // a runtime directory that does not exist is not used
        assertThat(DaemonFiles.base(Map.of("XDG_RUNTIME_DIR", dir.resolve("none").toString(), "XDG_CACHE_HOME", "/c")))
                .isEqualTo(Path.of("/c/gpushare/pulumi-daemon"));
        assertThat(DaemonFiles.base(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".cache/gpushare/pulumi-daemon"));
    }

    @Test
    void aSessionsEnvironmentIsTheVariablesTheProviderReads() {
        Map<String, String> env = new HashMap<>(Map.of("GPUSHARE_TOKEN", "t1", "PATH", "/bin", "KUBECONFIG", "/k"));
        Map<String, String> daemon = SessionEnvironment.select(env);
        assertThat(daemon).containsOnlyKeys("GPUSHARE_TOKEN", "KUBECONFIG");

        // not part of it: variables the provider does not read, and the daemon's own switches
        Map<String, String> same = new HashMap<>(env);
        same.put("PATH", "/usr/bin");
        same.put("PULUMI_HOME", "/p");
        same.put("GPUSHARE_PULUMI_DAEMON_IDLE", "5m");
        same.put("GPUSHARE_PULUMI_DAEMON_DIR", "/d");
        assertThat(SessionEnvironment.select(same)).isEqualTo(daemon);

        // part of it: with each of these changed, the daemon refuses the session, naming the variable only
        for (String[] change : new String[][] {{"GPUSHARE_TOKEN", "t2"}, {"GPUSHARE_CA_FILE", "/ca"}, {"KUBECONFIG", "/k2"},
                {"KUBERNETES_MASTER", "https://x"}, {"HOME", "/h"}, {"https_proxy", "http://p"}, {"XDG_CACHE_HOME", "/c"},
                {"GPUSHARE_PULUMI_JAVA_OPTS", "-Xmx1g"}, {"JAVA_TOOL_OPTIONS", "-Xss2m"}}) {
            Map<String, String> other = new HashMap<>(env);
            other.put(change[0], change[1]);
            assertThat(SessionEnvironment.differing(SessionEnvironment.select(other), daemon)).as(change[0])
                    .containsExactly(change[0]);
        }
    }
}
