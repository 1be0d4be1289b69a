package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A separate JVM that applies a saved plan to a local backend: the process {@link CrashTest} kills,
 * and the two rivals of {@link ConcurrentApplyTest}. Prints {@code ready} once the backend is open
 * (the parent times the kill from there), then {@code done} or {@code conflict}.
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
