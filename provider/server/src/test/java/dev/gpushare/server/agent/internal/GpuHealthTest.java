package dev.gpushare.server.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the agent reads from {@code nvidia-smi --query-gpu=index,retired_pages.pending,remapped_rows.failure}. */
class GpuHealthTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // output lines (\n between)                   | problems (; between), empty: healthy
            "0, No, No\\n1, No, No                        | ''",
            "0, [N/A], [N/A]                              | ''",                         // older GPUs: nothing said
            "0, Yes, No                                   | GPU 0: retired pages pending (a reset is needed)",
            "0, No, No\\n1, No, Yes                       | GPU 1: row remapping failed",
            "0, No, No\\nXid 79 reported on GPU 0         | XID_79",
            "Xid (PCI:0000:01:00): 48, pid=1\\nxid 48     | XID_48",                     // one problem per Xid
    })
    void problems(String output, String expected) {
        List<String> want = expected.isEmpty() ? List.of() : List.of(expected.split("; "));
        assertThat(GpuHealth.problems(output.replace("\\n", "\n"))).isEqualTo(want);
    }
}
