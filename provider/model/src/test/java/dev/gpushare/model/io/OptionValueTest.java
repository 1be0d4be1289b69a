package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An enum constant's option form, and back: exact, so a different case or spelling is no constant. */
class OptionValueTest {
    enum Sample { EC2, MANAGED_INSTANCES, DEVICE_PLUGIN_V2 }

    @Test
    void theFormIsTheNameInLowerCaseWithDashesAndParsesBack() {
        assertThat(OptionValue.of(Sample.EC2)).isEqualTo("ec2");
        assertThat(OptionValue.of(Sample.MANAGED_INSTANCES)).isEqualTo("managed-instances");
        assertThat(OptionValue.of(Sample.DEVICE_PLUGIN_V2)).isEqualTo("device-plugin-v2");
        for (Sample s : Sample.values()) assertThat(OptionValue.parse(Sample.class, OptionValue.of(s))).contains(s);
        for (String other : new String[] {"EC2", "managed_instances", "managedinstances", "", "ec"}) {
            assertThat(OptionValue.parse(Sample.class, other)).as(other).isEmpty();
        }
    }
}
