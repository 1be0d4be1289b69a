package com.example.gpushare;

import static dev.gpushare.model.dsl.Units.cpuUnits;
import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.EndpointRef;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;
import dev.gpushare.model.problem.SpecException;

/**
 * A program outside the gpushare repository: declares a cluster with the DSL, plans it against a
 * backend, applies the plan and prints what runs where. Its only gpushare dependency is
 * dev.gpushare:gpushare-api (pom.xml). Usage: PlanCluster [BACKEND_URL] (default file:.gpushare/state).
 */
public final class PlanCluster {
    private PlanCluster() {}

    public static void main(String[] args) {
        String backend = args.length > 0 ? args[0] : "file:.gpushare/state";
        Spec spec = spec();
        try (Gpushare gpushare = Gpushare.backend(backend)) {
            Plan plan = gpushare.plan(spec);
            System.out.println("plan: " + PlanText.summary(plan));
            if (gpushare.apply(plan) instanceof ApplyOutcome.Conflict conflict) {
                System.out.println("the cluster changed since the plan (" + conflict + "); run again");
                System.exit(1);
            }
            FleetState state = gpushare.status(spec.cluster());
            FleetState.Summary s = state.summary();
            System.out.println("applied: " + s.instances() + " instances, " + s.gpus() + " GPUs, "
                    + s.allocations() + " allocations, " + s.unplaced() + " unplaced");
        } catch (SpecException e) {
            e.problems().forEach(p -> System.out.println(p.path() + ": " + p.message()));
            System.exit(1);
        }
    }

    static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("outside-demo");
        CapacityProviderRef l4 = c.capacityProvider("l4", "g6.12xlarge", 4, cp -> cp.sharing(Sharing.mps()));
        TaskDefinitionRef embedder = c.taskDefinition("embedder", td -> td.cpu(cpuUnits(1024)).memory(mib(2048)),
                GpuShare.container("model", "ghcr.io/acme/embedder:1.4", Gpu.mps(mib(4096), percent(25))));
        c.service("embedder", embedder, l4, 4);
        EndpointRef mig = c.endpoint("mig", "ml.p4d.24xlarge", 1, e -> e.partitionLayout("mig-3g.20gb", "mig-4g.20gb"));
        c.inferenceComponent("gpt2", mig, "gpt2", 1, ic -> ic.partitionType("mig-4g.20gb"));
        return c.build();
    }
}
