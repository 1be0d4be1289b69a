package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Σ nvidiaMps memory of a task ≤ usable memory of ONE GPU, however many GPUs the instance has. */
class MpsMemoryRuleTest {
    // Usable MiB per GPU (catalog): L4 22,563 (23,034 less 471 reserved, as ECS registers it);
    // T4 15,046; L40S 45,126. g6.12xlarge has 4 L4s, but every MPS container of a task shares one.
    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
            // instance type; memories (MiB);  first offending container (-1 = fits)
            "g6.12xlarge;  16384 6179;         -1",  // 16,384 + 6,179 = 22,563 = usable: fits exactly
            "g6.12xlarge;  16384 6180;          1",  // 22,564 > 22,563: the second container pushes it over
            "g6.12xlarge;  22563;              -1",  // one container with the whole GPU
            "g6.12xlarge;  22564;               0",  // one MiB more than one L4 has
            "g6.12xlarge;  8000 8000 8000;      2",  // 24,000 > 22,563 although the instance has 4 x 22,563
            "g6.xlarge;    1024 1024 20515;    -1",  // 22,563 on the one-GPU size
            "g4dn.xlarge;  15046;              -1",  // T4: exactly usable
            "g4dn.xlarge;  15000 47;            1",  // T4: 15,047 > 15,046
            "g6e.xlarge;   22564 22562;        -1",  // L40S: 45,126 = usable
            "g6e.xlarge;   22564 22563;         1",  // L40S: 45,127
    })
    void sumOfOneTaskFitsOneGpu(String instanceType, String memories, int offending) {
        List<Integer> mib = Arrays.stream(memories.trim().split("\\s+")).map(Integer::valueOf).toList();
        var spec = TestSpecs.oneService(instanceType, new GpuSharing.Mps(null), TestSpecs.mps(mib));

        List<Problem> problems = SemanticRules.check(ResolvedSpec.of(spec)).stream()
                .filter(p -> p.code().name().equals("MPS_MEMORY_EXCEEDS_GPU")).toList();

        if (offending < 0) {
            assertThat(problems).isEmpty();
        } else {
            assertThat(problems).singleElement().satisfies(p -> {
                assertThat(p.path()).isEqualTo("/taskDefinitions/0/containers/" + offending + "/gpu/nvidiaMps/memory");
                int sum = mib.subList(0, offending + 1).stream().mapToInt(Integer::intValue).sum();
                assertThat(p.message()).contains(sum + " MiB").contains("'pool'");
            });
        }
    }
}
