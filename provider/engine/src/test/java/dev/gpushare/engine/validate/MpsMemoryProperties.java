package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.GpuSharing;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The MPS memory rule agrees with its definition for any list of MPS containers. */
class MpsMemoryProperties {
    private static final long L4_USABLE = Catalog.builtIn().gpuModel("L4").orElseThrow().usableMemoryMiB();

    @Property(tries = 300)
    void reportedExactlyWhenTheSumExceedsOneGpu(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 1, max = 12000) Integer> memories) {
        var spec = TestSpecs.oneService("g6.12xlarge", new GpuSharing.Mps(null), TestSpecs.mps(memories));
        var problems = SemanticRules.check(ResolvedSpec.of(spec));

        long sum = 0;
        int firstOver = -1;
        for (int i = 0; i < memories.size() && firstOver < 0; i++) {
            sum += memories.get(i);
            if (sum > L4_USABLE) firstOver = i;
        }
        if (firstOver < 0) {
            assertThat(problems).isEmpty();
        } else {
            assertThat(problems).extracting(p -> p.code().name() + " " + p.path()).containsExactly(
                    "MPS_MEMORY_EXCEEDS_GPU /taskDefinitions/0/containers/" + firstOver + "/gpu/nvidiaMps/memory");
        }
    }

    @Property(tries = 100)
    void problemsOfASpecBuiltInCodeAreSortedAndDistinct(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 1, max = 30000) Integer> memories) {
        // On EXCLUSIVE every MPS container is wrong, and the memory may be too: several problems.
        var spec = TestSpecs.oneService("g4dn.xlarge", new GpuSharing.Exclusive(), TestSpecs.mps(memories));
        var problems = SpecValidator.validate(spec);

        assertThat(problems).isSortedAccordingTo(dev.gpushare.engine.validate.internal.ProblemOrder.ORDER);
        assertThat(problems).extracting(p -> p.path() + " " + p.code().name()).doesNotHaveDuplicates();
        assertThat(problems).filteredOn(p -> p.code().name().equals("MPS_REQUIRES_MPS_SHARING")).hasSize(memories.size());
        assertThat(problems).allSatisfy(p -> assertThat(p.file()).isNull());
    }
}
