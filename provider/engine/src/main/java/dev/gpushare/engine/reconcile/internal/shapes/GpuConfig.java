package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.of;
import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.model.problem.Problem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A GPU's mode, fraction and MIG partitions hold for its instance type and model: what a launch
 * says of each GPU ({@link InstanceGpusRule}) and what {@code configureGpu} sets ({@link ConfigureRule}).
 * MIG partitions are measured with the model's own geometry (profiles, starts, sizes, counts).
 */
final class GpuConfig {
    private GpuConfig() {}

    static List<Problem> check(InstanceType type, GpuModel model, GpuMode mode, BigDecimal fraction,
                               List<MigPartition> parts, String path) {
        if (mode == null) return List.of(shape(path + "/mode", "a GPU needs a mode"));
        List<Problem> out = new ArrayList<>();
        if ((mode == GpuMode.FRACTIONAL) != type.fractional()) {
            out.add(shape(path + "/mode", "a " + type.name() + " GPU is "
                    + (type.fractional() ? "always FRACTIONAL" : "never FRACTIONAL") + ", not " + mode));
        }
        boolean sameFraction = fraction == null ? type.fraction() == null
                : type.fraction() != null && fraction.compareTo(type.fraction()) == 0;
        if (!sameFraction) out.add(shape(path + "/fraction", "a " + type.name() + " GPU has fraction "
                + (type.fraction() == null ? "null" : type.fraction().toPlainString()) + ", not " + fraction));
        if (mode == GpuMode.MPS && !model.mpsCapable()) out.add(shape(path + "/mode", "a " + model.name() + " cannot run MPS"));
        if (mode != GpuMode.MIG) {
            if (!parts.isEmpty()) out.add(shape(path + "/partitions", "only a MIG GPU has partitions"));
            return out;
        }
        if (!model.migCapable()) {
            out.add(shape(path + "/mode", "a " + model.name() + " has no MIG"));
            return out;
        }
        partitions(model, parts, path, out);
        return out;
    }

    private static void partitions(GpuModel model, List<MigPartition> parts, String path, List<Problem> out) {
        boolean[] used = new boolean[model.mig().placementUnits()];
        Map<String, Integer> counts = new HashMap<>();
        for (int k = 0; k < parts.size(); k++) {
            MigPartition p = parts.get(k);
            String pp = path + "/partitions/" + k;
            MigProfile profile = model.mig().profile(String.valueOf(p.profile())).orElse(null);
            if (profile == null) {
                out.add(shape(pp + "/profile", show(p.profile()) + " is not a MIG profile of " + model.name()));
                continue;
            }
            if (!profile.starts().contains(p.start())) {
                out.add(shape(pp + "/start", profile.name() + " cannot start at unit " + p.start() + " of a " + model.name()
                        + "; it starts at one of " + profile.starts()));
                continue;
            }
            if (p.memoryMiB() != profile.memoryMiB()) out.add(shape(pp + "/memoryMiB", profile.name() + " on a "
                    + model.name() + " has " + profile.memoryMiB() + " MiB, not " + p.memoryMiB()));
            if (counts.merge(profile.name(), 1, Integer::sum) > profile.maxCount()) {
                out.add(shape(pp, "a " + model.name() + " holds at most " + profile.maxCount() + " × " + profile.name()));
            }
            for (int u = p.start(); u < p.start() + profile.size() && u < used.length; u++) {
                if (used[u]) {
                    out.add(shape(pp, profile.name() + "@" + p.start() + " overlaps another partition at unit " + u));
                    break;
                }
                used[u] = true;
            }
        }
    }

    private static Problem shape(String path, String message) {
        return of(path, ApplyCode.ACTION_INSTANCE_SHAPE, message);
    }
}
