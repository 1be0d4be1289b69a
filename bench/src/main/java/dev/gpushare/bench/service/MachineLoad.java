package dev.gpushare.bench.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's 1-minute load average ({@code /proc/loadavg}): the benchmarks share a noisy machine. */
final class MachineLoad {
    private MachineLoad() {}

    static double now() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN; // not Linux: the figure is left out, the benchmark still runs
        }
    }
}
