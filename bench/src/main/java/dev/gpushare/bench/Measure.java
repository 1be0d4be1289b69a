package dev.gpushare.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Supplier;

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

    /**
     * Best of several timed runs: the least CPU time of this thread one run took, and what the
     * last run returned. Each run lets go of the previous result first, so that two never hold
     * memory at once. Several may be timed in one loop, in turn (as {@code ReplanBench} does).
     */
    public static final class Best<T> {
        private long cpu = Long.MAX_VALUE;
        private T last;

        /** Runs {@code run} once, timed; returns what it returned. */
        public T time(Supplier<T> run) {
            last = null;
            long c0 = Measure.cpu();
            last = run.get();
            cpu = Math.min(cpu, Measure.cpu() - c0);
            return last;
        }

        /** The least CPU time of the runs, in ns ({@link Long#MAX_VALUE} before any). */
        public long cpuNs() {
            return cpu;
        }

        /** What the last run returned. */
        public T last() {
            return last;
        }
    }
}
