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
 * whole, every copy left on the old one. Surge instances (a pool below maxInstances whose GPUs are
 * full) keep the fleet within maxInstances at every step; the instances a rollout empties are
 * terminated, and the next plan is empty.
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
        // surge instances stay within maxInstances at every step, and the rollout leaves no more
        // instances than it found (those it empties are terminated)
        FleetState s = current[0];
        for (Action a : plan.actions()) {
            s = StateFold.apply(s, java.util.List.of(a));
            assertThat(s.instances().size()).as("instances after %s", a).isLessThanOrEqualTo(instances);
        }
        int extra = plan.rollouts().stream().mapToInt(Rollout::extraInstances).sum();
        if (!alsoScale) {
            // a scale-free rollout launches only its surge instances; it ends with at most that many
            // more instances (a surge instance that still runs new copies stays, one emptied goes)
            assertThat(plan.actions().stream().filter(a -> a instanceof Action.LaunchInstance).count()).isEqualTo(extra);
            assertThat(reached.instances().size()).isLessThanOrEqualTo(current[0].instances().size() + extra);
            // and the next plan, from the state reached, is empty
            Plan next = Planner.plan(dev.gpushare.engine.resolve.ResolvedSpec.of(after), new dev.gpushare.engine.backend.Snapshot(reached, 2,
                    java.util.Map.of()));
            assertThat(next.actions()).as("plan after the rollout%n%s", PlanText.render(next)).isEmpty();
        }
    }

    /**
     * Several services of different sizes rolled out in one plan (the order of the rollouts: largest
     * copies that fit first): each group's copies end on its new revision, or a refused group's all on
     * its old one; every wave fits and keeps its group within its bounds; the fleet stays within
     * maxInstances at every step.
     */
    @Property(tries = 40)
    void severalRolloutsInOnePlanFitAndEndInTheDesiredState(
            @ForAll @IntRange(min = 1, max = 12) int copiesA, @ForAll @IntRange(min = 1, max = 11) int gibA,
            @ForAll @IntRange(min = 1, max = 12) int copiesB, @ForAll @IntRange(min = 1, max = 11) int gibB,
            @ForAll @IntRange(min = 1, max = 12) int copiesC, @ForAll @IntRange(min = 1, max = 11) int gibC,
            @ForAll @IntRange(min = 1, max = 3) int instances,
            @ForAll @IntRange(min = 0, max = 100) int minimumHealthy) {
        int[] copies = {copiesA, copiesB, copiesC}, memory = {gibA * 2000, gibB * 2000, gibC * 2000};
        var dc = new dev.gpushare.model.DeploymentConfiguration(minimumHealthy, 200);
        for (int n : copies) net.jqwik.api.Assume.that(dc.maximumCopies(n) > dc.minimumHealthyCopies(n));
        Spec before = groups(copies, memory, "1", instances, minimumHealthy), after = groups(copies, memory, "2", instances, minimumHealthy);
        FleetState[] current = new FleetState[1];
        Plan plan = RolloutWaves.planFrom(before, after, current);
        RolloutWaves.assertAdmitted(after, current[0], plan);
        FleetState reached = RolloutWaves.foldChecked(current[0], plan, RolloutWaves.MAX_CLIENTS);
        java.util.Set<String> refused = new java.util.HashSet<>();
        // (a copy the pool has no room for at all stays unplaced, its group rolls out the others)
        for (var u : plan.desired().unplaced()) {
            if (u.code() == dev.gpushare.engine.state.PlacementCode.ROLLOUT_NO_ROOM) refused.add(u.task().group());
        }
        var revisions = RolloutWaves.revisions(reached);
        for (int g = 0; g < 3; g++) {
            String group = "s" + g;
            Revision expected = Revision.of((refused.contains(group) ? before : after).taskDefinitions().get(g));
            revisions.forEach((t, r) -> {
                if (t.group().equals(group)) assertThat(r).as("%s", t).isEqualTo(expected);
            });
        }
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
        FleetState s = current[0];
        for (Action a : plan.actions()) {
            s = StateFold.apply(s, java.util.List.of(a));
            assertThat(s.instances().size()).as("instances after %s", a).isLessThanOrEqualTo(instances);
        }
        if (refused.isEmpty() && plan.desired().unplaced().isEmpty()) {
            Plan next = Planner.plan(dev.gpushare.engine.resolve.ResolvedSpec.of(after), new dev.gpushare.engine.backend.Snapshot(reached, 2,
                    java.util.Map.of()));
            assertThat(next.actions()).as("plan after the rollouts%n%s", PlanText.render(next)).isEmpty();
        }
    }

    private static Spec groups(int[] copies, int[] memory, String version, int instances, int minimumHealthy) {
        StringBuilder tds = new StringBuilder(), svcs = new StringBuilder();
        for (int g = 0; g < copies.length; g++) {
            tds.append("""
                      - family: s%1$d
                        containers:
                          - {name: model, image: "acme/s%1$d:%2$s", gpu: {nvidiaMps: {memory: %3$d}}}
                    """.formatted(g, version, memory[g]));
            svcs.append("""
                      - {name: s%1$d, taskDefinition: s%1$d, capacityProvider: l4, desiredCount: %2$d,
                         deploymentConfiguration: {minimumHealthyPercent: %3$d}}
                    """.formatted(g, copies[g], minimumHealthy));
        }
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: waves
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: %d}
                taskDefinitions:
                %sservices:
                %s""".formatted(instances, tds, svcs));
    }
}
