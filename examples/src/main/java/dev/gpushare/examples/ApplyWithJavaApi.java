package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.StateText;
import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;

/**
 * Builds a spec with the DSL and converges a backend to it through the Java API, as {@code
 * gpushare apply --auto-approve} then {@code gpushare status} would.
 *
 * <p>Run: {@code java -cp … dev.gpushare.examples.ApplyWithJavaApi [BACKEND-URL]} (default
 * {@code file:.gpushare/state}). Exit status 0 applied, 3 something could not be placed, 4 the
 * backend moved on while applying (run again).
 */
public final class ApplyWithJavaApi {
    private ApplyWithJavaApi() {}

    /** Twelve embedders of 4,096 MiB and 25% compute on MPS-shared L4s. */
    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("java-api-demo");
        CapacityProviderRef l4 = c.capacityProvider("l4-mps", "g6.12xlarge", 4, cp -> cp.sharing(Sharing.mps()));
        TaskDefinitionRef embedder = c.taskDefinition("embedder",
                GpuShare.container("model", "ghcr.io/acme/embedder:1.4", Gpu.mps(mib(4096), percent(25))));
        c.service("embedder", embedder, l4, 12);
        return c.build();
    }

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "file:.gpushare/state";
        Spec spec = spec();
        try (Gpushare gs = Gpushare.backend(url)) {
            Plan plan = gs.plan(spec);
            System.out.print(PlanText.render(plan));
            ApplyOutcome outcome = gs.apply(plan, (done, total, revision) ->
                    System.out.printf("applied %d/%d actions (revision %d)%n", done, total, revision));
            if (outcome instanceof ApplyOutcome.Conflict c) {
                System.err.println(c.conflict().message());
                System.exit(4);
            }
            System.out.print(StateText.render(gs.status(spec.cluster())));
            System.out.print(PlanText.render(gs.plan(spec))); // "No changes." right after apply
            System.exit(plan.infeasible() ? 3 : 0);
        }
    }
}
