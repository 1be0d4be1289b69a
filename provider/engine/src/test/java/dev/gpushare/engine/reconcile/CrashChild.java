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
        // warm up what the apply uses once, so that the parent's kill times fall among the batches:
        // the catalog and the apply-time check (a whole-plan check runs before the first batch),
        // and the state file (the local backend creates it on its first write)
        ActionCheck.plan(plan, dev.gpushare.engine.backend.Snapshot.empty(plan.cluster()),
                dev.gpushare.engine.catalog.Catalog.builtIn());
        try (Backend warm = Backends.open(args[0])) {
            var declared = warm.declaredResources().orElseThrow();
            declared.declare("warm-up", "services/none", tools.jackson.databind.node.JsonNodeFactory.instance.objectNode());
            declared.undeclare("warm-up", "services/none");
        }
        try (Backend backend = Backends.open(args[0])) {
            backend.read(plan.cluster());
            System.out.println("ready");
            System.out.flush();
            ApplyOutcome outcome = Reconciler.apply(backend, plan, ApplyListener.NONE, Integer.parseInt(args[2]));
            System.out.println(outcome instanceof ApplyOutcome.Applied ? "done" : "conflict");
        }
    }
}
