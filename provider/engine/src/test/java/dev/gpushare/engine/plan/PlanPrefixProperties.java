package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The planner's own order never leaves a GPU or a host over for a moment: for random fleets and
 * random changes, every prefix of a plan's actions folds to a state in which every instance the
 * last action put a copy on holds its copies by the feasibility checks placement uses ({@link
 * Admission}, with the spec's limits), and after the last action every instance does; so the
 * apply-time check, which measures after every action, accepts every plan gpushare makes. (An
 * instance the spec change itself put over — a task now asks for more host CPU — is over until the
 * plan moves a copy off it; nothing is placed on it before.)
 */
class PlanPrefixProperties {

    @Property(tries = 60)
    void everyPrefixOfAPlanFits(@ForAll("fleets") FleetSpec start, @ForAll("edits") List<ChangeSetProperties.Edit> edits) {
        Converged cluster = new Converged("prefix");
        step(cluster, start.build());
        FleetSpec f = start;
        for (ChangeSetProperties.Edit e : edits) {
            f = f.copy();
            ChangeSetProperties.apply(e, f, cluster);
            step(cluster, f.build());
        }
    }

    private static void step(Converged cluster, Spec spec) {
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        Snapshot before = cluster.snapshot;
        Plan plan = Planner.plan(resolved, before);
        Admission admission = Admission.of(resolved);
        StateFold.Fold fold = StateFold.Fold.of(before.state());
        for (int n = 0; n < plan.actions().size(); n++) {
            Action a = plan.actions().get(n);
            fold.step(a);
            List<Action.Placement> to = a instanceof Action.PlaceCopy p ? p.placements()
                    : a instanceof Action.MoveCopy m ? m.to() : List.of();
            for (Action.Placement p : to) {
                Instance i = fold.instance(p.instanceId());
                assertThat(admission.check(i)).as("instance %s after action %d of%n%s", i.id(), n, PlanText.render(plan)).isEmpty();
            }
        }
        for (Instance i : fold.state().instances()) {
            assertThat(admission.check(i)).as("instance %s after%n%s", i.id(), PlanText.render(plan)).isEmpty();
        }
        assertThat(ActionCheck.plan(plan, before, Catalog.builtIn())).as("apply's check of%n%s", PlanText.render(plan)).isEmpty();
        cluster.apply(Planner.replan(resolved, before, cluster.baseline));
    }

    @Provide
    Arbitrary<FleetSpec> fleets() {
        return new ChangeSetProperties().fleets();
    }

    @Provide
    Arbitrary<List<ChangeSetProperties.Edit>> edits() {
        return new ChangeSetProperties().edits();
    }
}
