package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Apply on an empty backend reaches the desired state, and a plan right after it is empty. */
class ApplyConvergesTest {
    @TempDir Path dir;

    static Stream<Arguments> specs() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : Specs.examples()) out.add(Arguments.of(p.getParent().getFileName().toString(), (Supplier<Spec>) () -> Specs.file(p)));
        out.add(Arguments.of("mps 40 copies", (Supplier<Spec>) () -> Specs.mpsService(40, 4096)));
        out.add(Arguments.of("endpoint", (Supplier<Spec>) () -> Specs.endpoint(List.of("mig-3g.20gb", "mig-4g.20gb"), "mig-4g.20gb", 8)));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void applyOnAnEmptyBackendThenPlanIsEmpty(String name, Supplier<Spec> source) {
        Spec spec = source.get();
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            Plan first = gs.plan(spec);
            assertThat(first.revision()).isZero();
            assertThat(first.actions()).as(PlanText.render(first)).isNotEmpty();
            ApplyOutcome outcome = gs.apply(first);
            assertThat(outcome).isInstanceOf(ApplyOutcome.Applied.class);

            FleetState actual = gs.status(spec.cluster());
            FleetState desired = StateFold.normalize(new FleetState(first.desired().cluster(), first.desired().instances(), List.of()));
            assertThat(actual).isEqualTo(desired);

            Plan second = gs.plan(spec);
            assertThat(second.actions()).as(PlanText.render(second)).isEmpty();
            assertThat(PlanText.render(second)).startsWith("No changes.");
            assertThat(second.revision()).isEqualTo(((ApplyOutcome.Applied) outcome).revision());
        }
    }
}
