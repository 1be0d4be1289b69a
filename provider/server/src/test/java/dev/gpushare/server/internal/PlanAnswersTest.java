package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plan's answer written with its desired state's kept bytes is the answer the tree gives, byte
 * for byte; the bytes are reused only for an equal state, and what is kept stays within its budget.
 */
class PlanAnswersTest {
    /** Two instances, two copies on the first: a desired state as an unchanged cluster's plans repeat it. */
    private static FleetState fleet(long memoryMiB) {
        return Fleet.state("c",
                Fleet.mpsInstance("l4-0", "l4", List.of(List.of(Fleet.mps("embedder/0", 0, memoryMiB, 25)),
                        List.of(Fleet.mps("embedder/1", 1, memoryMiB, 25)))),
                Fleet.mpsInstance("l4-1", "l4", List.of()));
    }

    private static byte[] tree(Plan plan) {
        return Reply.json(200, PlanJson.toTree(plan)).body();
    }

    @Test
    void theAnswerIsTheTreesBytesForEmptyAndNonEmptyPlans() {
        PlanAnswers answers = new PlanAnswers();
        List<Action> actions = List.of(
                new LaunchInstance(Fleet.mpsInstance("l4-2", "l4", List.of()), null),
                new PlaceCopy(TaskId.parse("embedder/2"), List.of(new Placement(InstanceId.parse("l4-2"), 0,
                        Fleet.mps("embedder/2", 0, 4096, 25)))));
        for (Plan plan : List.of(
                new Plan("c", 7, List.of(), fleet(4096), "abc"),                       // converged: no actions
                new Plan("c", 7, actions, fleet(4096), "abc"),                         // actions, same state
                new Plan("c", 8, actions, fleet(8192), "def"),                         // another state
                new Plan("c", 0, List.of(), Fleet.state("c"), null),                   // an empty fleet, no hash
                new Plan("c", 3, actions, fleet(4096), "abc", null, List.of(1, 1), null))) { // a rollout's waves
            assertThat(new String(answers.json(plan, fleet(4096)))).isEqualTo(new String(tree(plan)));
            assertThat(answers.json(plan, null)).isEqualTo(tree(plan));
        }
    }

    @Test
    void anEqualStateReusesTheKeptBytesAndAnotherReplacesThem() {
        PlanAnswers answers = new PlanAnswers();
        byte[] first = answers.state("c", fleet(4096), fleet(4096));
        // an equal state, built again (as each plan of an unchanged cluster builds it): the same array
        assertThat(answers.state("c", fleet(4096), fleet(4096))).isSameAs(first);
        assertThat(answers.size()).isEqualTo(1);
        assertThat(answers.heldBytes()).isEqualTo(first.length);
        // a copy's memory changed (4096 → 8192): written again, and kept in place of the first
        byte[] other = answers.state("c", fleet(8192), fleet(8192));
        assertThat(other).isNotSameAs(first).isNotEqualTo(first);
        assertThat(new String(other)).contains("\"memoryMiB\":8192");
        assertThat(answers.heldBytes()).isEqualTo(other.length);
        answers.forget("c");
        assertThat(answers.size()).isZero();
        assertThat(answers.heldBytes()).isZero();
    }

    @Test
    void theStateKeptIsTheOneThePlanReadWhenEqualSoThatItIsNotHeldTwice() {
        PlanAnswers answers = new PlanAnswers();
        FleetState read = fleet(4096);
        FleetState desired = fleet(4096); // equal, another object: what an empty plan's placement builds
        byte[] json = answers.state("c", desired, read);
        assertThat(answers.keptState("c")).isSameAs(read);
        // the cluster read again (a new snapshot, the same state): its state is kept in place of the first, the bytes stay
        FleetState again = fleet(4096);
        assertThat(answers.state("c", fleet(4096), again)).isSameAs(json);
        assertThat(answers.keptState("c")).isSameAs(again);
        // a plan that changes the state: its desired state is kept, the read one is not
        FleetState changed = fleet(8192);
        answers.state("c", changed, again);
        assertThat(answers.keptState("c")).isSameAs(changed);
        assertThat(answers.state("c", fleet(8192), fleet(4096))).isEqualTo(new PlanAnswers().state("c", fleet(8192), fleet(8192)));
        assertThat(answers.keptState("c")).isSameAs(changed);
    }

    @Test
    void keptStatesStayWithinTheBudget() {
        int one = new PlanAnswers().state("a", fleet(4096), fleet(4096)).length;
        // room for two states of this size, not three: the least recently used cluster is dropped
        PlanAnswers answers = new PlanAnswers(2L * one + one / 2);
        answers.state("a", fleet(4096), fleet(4096));
        answers.state("b", fleet(4096), fleet(4096));
        answers.state("a", fleet(4096), fleet(4096)); // a used again: b is the eldest
        answers.state("c", fleet(4096), fleet(4096));
        assertThat(answers.size()).isEqualTo(2);
        assertThat(answers.heldBytes()).isEqualTo(2L * one);
        // a state larger than the whole budget is answered, never kept
        PlanAnswers tiny = new PlanAnswers(one - 1);
        assertThat(tiny.state("a", fleet(4096), fleet(4096))).hasSize(one);
        assertThat(tiny.size()).isZero();
    }
}
