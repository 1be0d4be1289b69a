package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.model.Spec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Over random fleets, fills and deployment configurations: a rollout folded wave by wave never
 * overfills a GPU, never drops healthy copies below the minimum nor runs more than the maximum
 * ({@link RolloutWaves#foldChecked}), and ends with every copy on the new revision — or is refused
 * whole, every copy left on the old one.
 */
class RolloutProperties {
    @Property(tries = 60)
    void aRolloutFoldedInOrderFitsAndEndsInTheDesiredState(
            @ForAll @IntRange(min = 1, max = 40) int copies,
            @ForAll @IntRange(min = 1, max = 11) int memoryGiB,
            @ForAll @IntRange(min = 1, max = 3) int instances,
            @ForAll @IntRange(min = 0, max = 100) int minimumHealthy,
            @ForAll @IntRange(min = 100, max = 200) int maximum,
            @ForAll boolean alsoScale) {
        int memory = memoryGiB * 2000;
        int after_ = alsoScale ? Math.max(1, copies - copies / 3) : copies;
        var dc = new dev.gpushare.model.DeploymentConfiguration(minimumHealthy, maximum);
        // a configuration that blocks every rollout is a spec problem (DEPLOYMENT_BLOCKED), not a plan
        net.jqwik.api.Assume.that(dc.maximumCopies(copies) > dc.minimumHealthyCopies(copies)
                && dc.maximumCopies(after_) > dc.minimumHealthyCopies(after_));
        String deployment = "deploymentConfiguration: {minimumHealthyPercent: %d, maximumPercent: %d}".formatted(minimumHealthy, maximum);
        Spec before = RolloutWavesTest.spec(copies, memory, "acme/m:1", deployment, instances);
        Spec after = RolloutWavesTest.spec(after_, memory, "acme/m:2", deployment, instances);
        FleetState[] current = new FleetState[1];
        Plan plan = RolloutWaves.planFrom(before, after, current);
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        Revision was = Revision.of(before.taskDefinitions().getFirst()), now = Revision.of(after.taskDefinitions().getFirst());
        Revision expected = RolloutWaves.refused(plan) ? was : now;
        assertThat(RolloutWaves.revisions(reached).values()).allSatisfy(r -> assertThat(r).isEqualTo(expected));
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
    }
}
