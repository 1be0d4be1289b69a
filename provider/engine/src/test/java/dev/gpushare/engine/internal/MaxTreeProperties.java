package dev.gpushare.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The segment tree answers exactly what a linear first-fit scan and a linear maximum answer, including after growth. */
class MaxTreeProperties {

    @Property(tries = 200)
    void leftmostEqualsLinearScan(@ForAll @Size(max = 300) List<@IntRange(min = -1, max = 50) Integer> values,
                                  @ForAll @IntRange(min = 0, max = 320) int from, @ForAll @IntRange(min = 0, max = 55) int x) {
        MaxTree tree = new MaxTree(4); // small on purpose: exercises growth
        for (int i = 0; i < values.size(); i++) tree.set(i, values.get(i));
        int expected = -1;
        for (int i = from; i < values.size(); i++) {
            if (values.get(i) >= x) {
                expected = i;
                break;
            }
        }
        assertThat(tree.leftmost(from, x)).isEqualTo(expected);
        // positions never set hold -1, so the maximum of no values is -1
        assertThat(tree.max()).isEqualTo(values.stream().mapToLong(Integer::longValue).max().orElse(-1));
    }
}
