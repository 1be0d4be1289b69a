package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The {@code ?devices=} values: each mode's URL form parses back to it; anything else is no mode. */
class DeviceModeTest {
    @Test
    void eachModesUrlFormParsesBackAndOthersDoNot() {
        assertThat(DeviceMode.DRA.urlValue()).isEqualTo("dra");
        assertThat(DeviceMode.DEVICE_PLUGIN.urlValue()).isEqualTo("device-plugin");
        for (DeviceMode m : DeviceMode.values()) assertThat(DeviceMode.parse(m.urlValue())).contains(m);
        for (String other : new String[] {"DRA", "device_plugin", "deviceplugin", "", "mig"}) {
            assertThat(DeviceMode.parse(other)).as(other).isEmpty();
        }
    }
}
