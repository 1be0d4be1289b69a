package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules the file corpus cannot reach (the schema stops the document first, or no catalog GPU
 * triggers them) and the facade for specs built in code.
 */
class SemanticRulesTest {
    /** A task needs a container (schema); this one asks for no GPU. */
    private static final List<Container> PLAIN = List.of(new Container("m", "img", null));

    private static List<String> codesAndPaths(List<Problem> problems) {
        return problems.stream().map(p -> p.code().name() + " " + p.path()).toList();
    }

    @Test
    void mpsOnAGpuWithoutMpsSupport() {
        // Every catalog GPU is MPS-capable (all are Volta or newer), so a test catalog holds one that is not.
        var kepler = new GpuModel("K80", 12288, 11441, 3.7, false, null);
        var catalog = Catalog.of(List.of(kepler), List.of(
                new InstanceType("p2.xlarge", "K80", 1, 4, 62464, null, null, true)));
        var spec = TestSpecs.oneService("p2.xlarge", new GpuSharing.Mps(null), PLAIN);

        assertThat(codesAndPaths(SemanticRules.check(ResolvedSpec.of(spec, catalog))))
                .containsExactly("MPS_NOT_SUPPORTED /capacityProviders/0/gpuSharing/strategy");
    }

    @Test
    void timeSlicingNeedsTwoReplicasEvenWhenBuiltInCode() {
        var spec = TestSpecs.oneService("g6.xlarge", new GpuSharing.TimeSlicing(1), PLAIN);

        assertThat(codesAndPaths(SemanticRules.check(ResolvedSpec.of(spec))))
                .containsExactly("TIME_SLICING_TOO_FEW_REPLICAS /capacityProviders/0/gpuSharing/replicas");
    }

    @Test
    void aSchemaProblemHidesTheSemanticProblemAtTheSamePath() {
        // replicas: 1 breaks the schema's minimum too; validate(Spec) reports that once.
        var spec = TestSpecs.oneService("g6.xlarge", new GpuSharing.TimeSlicing(1), PLAIN);

        assertThat(SpecValidator.validate(spec))
                .extracting(Problem::path).containsExactly("/capacityProviders/0/gpuSharing/replicas");
        assertThat(SpecValidator.validate(spec)).extracting(c -> c.code().name()).doesNotContain("TIME_SLICING_TOO_FEW_REPLICAS");
    }

    @Test
    void aSpecBuiltInCodeGetsPathsIntoItsDocumentAndNoFile() {
        var spec = TestSpecs.oneService("g6f.2xlarge", null,
                List.of(new Container("m", "img", new GpuRequirement.Whole(1))));

        List<Problem> problems = SpecValidator.validate(spec);

        assertThat(codesAndPaths(problems))
                .containsExactly("FRACTIONAL_INSTANCE_REQUIRES_FRACTION /taskDefinitions/0/containers/0/gpu");
        assertThat(problems.get(0).file()).isNull();
        assertThat(problems.get(0).location()).isNull();
    }

    @Test
    void duplicateNamesInASpecBuiltInCodeAreFound() {
        // No reader ran, so the rule reports what the reader would have.
        var spec = new Spec(Spec.API_VERSION, "test",
                List.of(new CapacityProvider("pool", "g6.xlarge", 0, 1, new GpuSharing.Mps(null)),
                        new CapacityProvider("pool", "g6.2xlarge", 0, 1, new GpuSharing.Mps(null))),
                List.of(), List.of(), List.of(), List.of(), List.of());

        assertThat(codesAndPaths(SpecValidator.validate(spec))).containsExactly("DUPLICATE_NAME /capacityProviders/1/name");
    }

    @Test
    void allIsAllowedOnMpsWhenItIsTheOnlyGpuContainer() {
        var spec = TestSpecs.oneService("g6.12xlarge", new GpuSharing.Mps(null), List.of(
                new Container("all", "img", new GpuRequirement.All()),
                new Container("sidecar", "img", null)));

        assertThat(SemanticRules.check(ResolvedSpec.of(spec))).isEmpty();
    }

    @Test
    void aTaskOnTwoProvidersIsCheckedOnEach() {
        // 8 CPU units... g6.xlarge has 4 vCPUs (4,096 units), g6.2xlarge 8 (8,192): 6,144 fits only the larger.
        var spec = new Spec(Spec.API_VERSION, "test",
                List.of(new CapacityProvider("small", "g6.xlarge", 0, 1, new GpuSharing.Mps(null)),
                        new CapacityProvider("large", "g6.2xlarge", 0, 1, new GpuSharing.Mps(null))),
                List.of(new TaskDefinition("task", 6144, null, List.of(new Container("m", "img", null)))),
                List.of(new Service("on-large", "task", "large", 1, PlacementStrategy.BINPACK),
                        new Service("on-small", "task", "small", 1, PlacementStrategy.SPREAD)),
                List.of(), List.of(), List.of());

        assertThat(SemanticRules.check(ResolvedSpec.of(spec))).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("TASK_CPU_EXCEEDS_INSTANCE");
            assertThat(p.path()).isEqualTo("/taskDefinitions/0/cpu");
            assertThat(p.message()).contains("'on-small'").contains("4096 units");
        });
    }

    @Test
    void unknownNamesComeWithADidYouMean() {
        var spec = TestSpecs.oneService("g6.12xlarg", new GpuSharing.Mps(null), PLAIN);

        assertThat(SemanticRules.check(ResolvedSpec.of(spec))).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("did you mean 'g6.12xlarge'"));
    }
}
