package dev.gpushare.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What every benchmark measures with: this thread's CPU time, the machine's load, and a digest
 * of a result (to show two engines or two paths gave the same output). Depends on nothing of
 * gpushare, so a benchmark can be compiled with it against an older engine's jars.
 */
public final class Measure {
    private Measure() {}

    /** CPU time of this thread in ns: what the run costs on one idle core, whatever else the machine runs. */
    public static long cpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** The machine's 1-minute load average ({@code /proc/loadavg}), NaN where there is none: the machine is shared. */
    public static double load() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN; // not Linux: the figure is left out, the benchmark still runs
        }
    }

    /** SHA-256 of the text's UTF-8 bytes, in hex. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
