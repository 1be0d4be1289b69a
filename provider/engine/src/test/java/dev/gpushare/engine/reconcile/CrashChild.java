package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process {@link CrashTest} kills: applies a saved plan to a local backend, one action per
 * commit. Prints {@code ready} once the backend is open, so the parent times the kill from there.
 * Arguments: backend URL, plan file, batch size.
 */
public final class CrashChild {
    private CrashChild() {}

    public static void main(String[] args) throws Exception {
        Plan plan = PlanJson.fromJson(Files.readString(Path.of(args[1])));
        try (Backend backend = Backends.open(args[0])) {
            System.out.println("ready");
            System.out.flush();
            ApplyOutcome outcome = Reconciler.apply(backend, plan, ApplyListener.NONE, Integer.parseInt(args[2]));
            System.out.println(outcome instanceof ApplyOutcome.Applied ? "done" : "conflict");
        }
    }
}
