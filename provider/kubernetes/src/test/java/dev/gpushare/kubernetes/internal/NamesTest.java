package dev.gpushare.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.NameRule;
import org.junit.jupiter.api.Test;

/**
 * Every gpushare name is a label value as it is ({@link NameRule}'s length is a label value's, 63),
 * and what is longer (built from names) is cut to a label value ending in a hash of the whole.
 */
class NamesTest {
    @Test
    void aNameOfTheLongestLengthIsItsOwnLabelValue() {
        String longest = "a" + "b.c_d-".repeat(10) + "xy";      // 1 + 60 + 2 = 63 characters
        assertThat(longest).hasSize(NameRule.MAX_LENGTH).matches(NameRule.PATTERN);
        assertThat(Names.labelValue(longest)).isEqualTo(longest);
    }

    @Test
    void aLongerValueIsCutToALabelValueWithItsHash() {
        String built = "a".repeat(64);                            // 64 characters: one over
        String label = Names.labelValue(built);
        // 52 characters of the value, '-', 10 hex digits of its SHA-256: 63
        assertThat(label).hasSize(63).isEqualTo("a".repeat(52) + "-" + Names.hash(built, 10));
    }
}
